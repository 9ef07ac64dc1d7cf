// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";

/// @title IItems, the multi-edition item collection (ERC-1155, token type 1)
/// @notice What the Market needs from an allowed item contract, plus the collection's events and errors.
/// An item id names its creator: `creatorOf(id) == address(uint160(id >> 96))` (the low 96 bits are the
/// creator's own item number), so only a mint on the creator's own authority can create its pieces.
interface IItems is IERC1155 {
    /// @notice `account` was added to the minter list by the owner.
    event MinterAdded(address indexed account);
    /// @notice `account` was removed from the minter list by the owner.
    event MinterRemoved(address indexed account);
    /// @notice The owner closed the minter list for good; no minter can be added afterwards.
    event MintersLocked();

    /// @notice The caller is not on the minter list.
    error ItemsUnauthorizedMinter(address account);
    /// @notice The single-item (ERC-721 style) entry point is disabled: "ERC-721 mint is disabled".
    error ItemsERC721MintDisabled();
    /// @notice A royalty above the 10% cap was requested.
    error ItemsRoyaltyTooHigh(uint256 maximum, uint256 given);
    /// @notice The minter list was asked to add an account that is already a minter, or remove one that is not.
    error ItemsMinterUnchanged(address account);
    /// @notice The minter list is locked: no minter can be added (and it cannot be locked twice).
    error ItemsMintersLocked();
    /// @notice `creator` is not the creator named by item `id` (or is zero).
    error ItemsNotCreator(uint256 id, address creator);
    /// @notice Minting `amount` more would pass the edition size.
    error ItemsEditionExceeded(uint256 editionSize, uint256 minted, uint256 amount);
    /// @notice The edition size is zero or too large, or differs from (with the royalty) what the first mint recorded.
    error ItemsEditionMismatch(uint256 editionSize, uint256 royaltyBps);

    /// @notice Mints `amount` pieces of `id` to `to` on the authority of `creator`, which must be `creatorOf(id)`
    /// (the minter, i.e. the Market, checked that the creator signed or sent this trade). The first mint records
    /// `editionSize` and the royalty; later mints must pass the same values and never exceed the edition.
    function mint(address to, uint256 id, uint256 amount, address creator, uint256 editionSize, uint256 royaltyBps) external;

    /// @notice The creator named by item `id` (its high 160 bits).
    function creatorOf(uint256 id) external pure returns (address);

    /// @notice The recorded edition size, royalty and minted supply of `id` (all zero before the first mint). The
    /// first mint records them without an event of its own (its `TransferSingle` from address 0 marks it; the
    /// values are those of the creator's signed listing or transaction), which keeps a first lazy sale cheap.
    function editionOf(uint256 id) external view returns (uint256 editionSize, uint256 royaltyBps, uint256 minted);

    /// @notice Whether `account` may mint.
    function isMinter(address account) external view returns (bool);

    /// @notice Whether the minter list is locked (then no key can add a minter, ever).
    function mintersLocked() external view returns (bool);
}
