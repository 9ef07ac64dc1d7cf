// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {ERC2981} from "@openzeppelin/contracts/token/common/ERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IItems} from "./interfaces/IItems.sol";

/// @title Items, the marketplace's multi-edition collection (ERC-1155, token type 1)
/// @notice Owner-managed minter list (the Market is a minter so it can mint lazily on first sale or
/// transfer), a metadata `uri` pointing at the server's metadata endpoint (clients replace `{id}`), and an
/// EIP-2981 royalty per token, capped at 10%, so other marketplaces can pay creators.
contract Items is ERC1155, ERC2981, Ownable, IItems {
    /// @notice Royalty cap, in basis points (10%).
    uint96 public constant MAX_ROYALTY_BPS = 1_000;

    mapping(address account => bool) private _minters;

    constructor(address initialOwner, string memory metadataUri) ERC1155(metadataUri) Ownable(initialOwner) {}

    modifier onlyMinter() {
        if (!_minters[msg.sender]) revert ItemsUnauthorizedMinter(msg.sender);
        _;
    }

    // ---------------------------------------------------------------- owner

    /// @notice Adds `account` to the minter list. Only the owner.
    function addMinter(address account) external onlyOwner {
        if (_minters[account]) revert ItemsMinterUnchanged(account);
        _minters[account] = true;
        emit MinterAdded(account);
    }

    /// @notice Removes `account` from the minter list. Only the owner.
    function removeMinter(address account) external onlyOwner {
        if (!_minters[account]) revert ItemsMinterUnchanged(account);
        _minters[account] = false;
        emit MinterRemoved(account);
    }

    /// @notice Points the metadata at a new endpoint. Only the owner. Emits {URI} with id 0 as a hint.
    function setURI(string calldata newUri) external onlyOwner {
        _setURI(newUri);
        emit URI(newUri, 0);
    }

    // ---------------------------------------------------------------- minters

    /// @inheritdoc IItems
    function mint(
        address to,
        uint256 id,
        uint256 amount,
        address royaltyReceiver,
        uint96 royaltyBps
    ) external onlyMinter {
        if (royaltyBps != 0) {
            if (royaltyBps > MAX_ROYALTY_BPS) revert ItemsRoyaltyTooHigh(MAX_ROYALTY_BPS, royaltyBps);
            (address current, ) = royaltyInfo(id, 0);
            if (current == address(0)) _setTokenRoyalty(id, royaltyReceiver, royaltyBps);
        }
        _mint(to, id, amount, "");
    }

    /// @notice Sets the EIP-2981 royalty of `id`. Only a minter.
    function setTokenRoyalty(uint256 id, address receiver, uint96 royaltyBps) external onlyMinter {
        if (royaltyBps > MAX_ROYALTY_BPS) revert ItemsRoyaltyTooHigh(MAX_ROYALTY_BPS, royaltyBps);
        _setTokenRoyalty(id, receiver, royaltyBps);
    }

    /// @notice The ERC-721 style single-item mint is disabled; always reverts with {ItemsERC721MintDisabled}.
    function mint(address, uint256) external pure {
        revert ItemsERC721MintDisabled();
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IItems
    function isMinter(address account) external view returns (bool) {
        return _minters[account];
    }

    /// @inheritdoc ERC1155
    function supportsInterface(
        bytes4 interfaceId
    ) public view virtual override(ERC1155, ERC2981, IERC165) returns (bool) {
        return ERC1155.supportsInterface(interfaceId) || ERC2981.supportsInterface(interfaceId);
    }
}
