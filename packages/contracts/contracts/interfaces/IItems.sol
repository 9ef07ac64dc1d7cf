// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";

/// @title IItems, the multi-edition item collection (ERC-1155, token type 1)
/// @notice What the Market needs from an allowed item contract, plus the collection's events and errors.
interface IItems is IERC1155 {
    /// @notice `account` was added to the minter list by the owner.
    event MinterAdded(address indexed account);
    /// @notice `account` was removed from the minter list by the owner.
    event MinterRemoved(address indexed account);

    /// @notice The caller is not on the minter list.
    error ItemsUnauthorizedMinter(address account);
    /// @notice The single-item (ERC-721 style) entry point is disabled: "ERC-721 mint is disabled".
    error ItemsERC721MintDisabled();
    /// @notice A royalty above the 10% cap was requested.
    error ItemsRoyaltyTooHigh(uint256 maximum, uint256 given);
    /// @notice The minter list was asked to add an account that is already a minter, or remove one that is not.
    error ItemsMinterUnchanged(address account);

    /// @notice Mints `amount` pieces of `id` to `to`. When `royaltyBps` is non-zero and the token has no
    /// royalty yet, the EIP-2981 royalty of `id` is set to (`royaltyReceiver`, `royaltyBps`) in the same call.
    function mint(address to, uint256 id, uint256 amount, address royaltyReceiver, uint96 royaltyBps) external;

    /// @notice Whether `account` may mint.
    function isMinter(address account) external view returns (bool);
}
