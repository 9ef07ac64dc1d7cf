// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Test-only ERC-20 with a transfer hook, as an ERC-777 style token would have: a transfer to `griefer`
/// burns all the gas it is given (the receiver's hook griefing whoever pays it).
contract HookToken is ERC20 {
    address public griefer;

    constructor(address holder, uint256 supply) ERC20("HOOK", "HOOK") {
        _mint(holder, supply);
    }

    function setGriefer(address griefer_) external {
        griefer = griefer_;
    }

    function _update(address from, address to, uint256 value) internal override {
        super._update(from, to, value);
        if (to == griefer && griefer != address(0)) {
            while (true) {}
        }
    }
}
