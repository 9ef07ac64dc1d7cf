// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title ATT, the platform's payment token
/// @notice A plain, fixed-supply ERC-20 with 18 decimals. The whole supply is minted once, to
/// `initialHolder`, at deployment; there is no owner, no mint, no fee on transfer and no hook.
contract Att is ERC20 {
    constructor(address initialHolder, uint256 initialSupply) ERC20("ATT", "ATT") {
        _mint(initialHolder, initialSupply);
    }
}
