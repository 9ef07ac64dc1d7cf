// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";
import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IItems} from "./interfaces/IItems.sol";

/// @title Items, the marketplace's multi-edition collection (ERC-1155, token type 1)
/// @notice A minter list fixed at deployment (the Market is the minter: it mints lazily, only in a trade or
/// transfer the item's creator signed or sent; `lockMinters` closes the list for good, so no key can later add a
/// minter that mints creators' unminted pieces; the owner can still remove one, which only stops minting), a metadata `uri` pointing at the server's metadata endpoint (clients
/// replace `{id}`), and per item an edition size and an EIP-2981 royalty (max 10%, paid to the creator), both
/// recorded at the first mint and never changed, so no minter can mint past the edition or move the royalty.
contract Items is ERC1155, Ownable, IItems, IERC2981 {
    /// @notice Royalty cap, in basis points (10%).
    uint96 public constant MAX_ROYALTY_BPS = 1_000;

    struct Edition {
        uint64 size;
        uint64 minted;
        uint16 royaltyBps;
    }

    mapping(address account => bool) private _minters;
    mapping(uint256 id => Edition) private _editions;
    bool private _mintersLocked;

    constructor(address initialOwner, string memory metadataUri) ERC1155(metadataUri) Ownable(initialOwner) {}

    modifier onlyMinter() {
        if (!_minters[msg.sender]) revert ItemsUnauthorizedMinter(msg.sender);
        _;
    }

    // ---------------------------------------------------------------- owner

    /// @notice Adds `account` to the minter list. Only the owner, and only before {lockMinters}.
    function addMinter(address account) external onlyOwner {
        if (_mintersLocked) revert ItemsMintersLocked();
        if (_minters[account]) revert ItemsMinterUnchanged(account);
        _minters[account] = true;
        emit MinterAdded(account);
    }

    /// @notice Closes the minter list for good: afterwards {addMinter} always reverts. Only the owner, once.
    /// Deployment calls it right after making the Market the minter.
    function lockMinters() external onlyOwner {
        if (_mintersLocked) revert ItemsMintersLocked();
        _mintersLocked = true;
        emit MintersLocked();
    }

    /// @notice Removes `account` from the minter list. Only the owner; still allowed after {lockMinters} as an
    /// emergency stop (removing a minter can only stop lazy mints, never create or move a piece), and final then.
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
        address creator,
        uint256 editionSize,
        uint256 royaltyBps
    ) external onlyMinter {
        if (creator == address(0) || creator != creatorOf(id)) revert ItemsNotCreator(id, creator);
        Edition memory e = _editions[id];
        if (e.size == 0) {
            if (editionSize == 0 || editionSize > type(uint64).max) revert ItemsEditionMismatch(editionSize, royaltyBps);
            if (royaltyBps > MAX_ROYALTY_BPS) revert ItemsRoyaltyTooHigh(MAX_ROYALTY_BPS, royaltyBps);
            e.size = uint64(editionSize); // fits: checked above
            e.royaltyBps = uint16(royaltyBps); // fits: at most MAX_ROYALTY_BPS
        } else if (editionSize != e.size || royaltyBps != e.royaltyBps) {
            revert ItemsEditionMismatch(editionSize, royaltyBps);
        }
        if (amount > e.size - e.minted) revert ItemsEditionExceeded(e.size, e.minted, amount);
        // Cannot overflow: minted + amount <= size, checked just above.
        unchecked {
            e.minted += uint64(amount);
        }
        _editions[id] = e;
        _mint(to, id, amount, "");
    }

    /// @notice The ERC-721 style single-item mint is disabled; always reverts with {ItemsERC721MintDisabled}.
    function mint(address, uint256) external pure {
        revert ItemsERC721MintDisabled();
    }

    // ---------------------------------------------------------------- views

    /// @inheritdoc IItems
    function creatorOf(uint256 id) public pure returns (address) {
        return address(uint160(id >> 96));
    }

    /// @inheritdoc IItems
    function editionOf(uint256 id) external view returns (uint256 editionSize, uint256 royaltyBps, uint256 minted) {
        Edition memory e = _editions[id];
        return (e.size, e.royaltyBps, e.minted);
    }

    /// @notice EIP-2981: the item's creator receives the royalty recorded at its first mint (none before it).
    /// Kept in the edition's storage slot, so recording it costs no extra storage write.
    function royaltyInfo(uint256 id, uint256 salePrice) external view returns (address receiver, uint256 royaltyAmount) {
        uint256 bps = _editions[id].royaltyBps;
        if (bps == 0) return (address(0), 0);
        return (creatorOf(id), (salePrice * bps) / 10_000);
    }

    /// @inheritdoc IItems
    function isMinter(address account) external view returns (bool) {
        return _minters[account];
    }

    /// @inheritdoc IItems
    function mintersLocked() external view returns (bool) {
        return _mintersLocked;
    }

    /// @inheritdoc ERC1155
    function supportsInterface(
        bytes4 interfaceId
    ) public view virtual override(ERC1155, IERC165) returns (bool) {
        return ERC1155.supportsInterface(interfaceId) || interfaceId == type(IERC2981).interfaceId;
    }
}
