// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {MarketBase} from "./MarketBase.sol";

/// @title MarketModule, what the Market's delegatecall modules share (auctions, collection offers)
/// @notice A module runs only inside the Market, in its storage; it refuses direct calls, and names the platform's
/// collection and token it was deployed with so the contract that runs it can check them (`MarketModuleMismatch`).
abstract contract MarketModule is MarketBase {
    address private immutable _self = address(this);

    /// @param items_ The platform's collection and `att_` its payment token, as the Market is deployed with.
    constructor(address items_, address att_) MarketBase(msg.sender, items_, att_) {}

    modifier onlyDelegated() {
        if (address(this) == _self) revert MarketModuleDirectCall();
        _;
    }

    /// @notice The platform's collection, whose allow flag the Market keeps in its first storage word.
    function platformCollection() external view returns (address) {
        return _platformCollection;
    }

    /// @notice The platform's payment token, whose allow flag the Market keeps in its first storage word.
    function platformToken() external view returns (address) {
        return _platformToken;
    }

    /// @dev Refuses `module` unless it was deployed for the same platform collection and token.
    function _checkModule(address module, address items_, address att_) internal view {
        if (module.code.length == 0) revert MarketZeroAddress();
        if (MarketModule(module).platformCollection() != items_ || MarketModule(module).platformToken() != att_) {
            revert MarketModuleMismatch(module);
        }
    }
}
