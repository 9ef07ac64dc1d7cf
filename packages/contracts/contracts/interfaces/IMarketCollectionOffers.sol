// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IMarketTypes} from "./IMarketTypes.sol";

/// @title IMarketCollectionOffers, offers on a whole collection (answered at the Market's address)
/// @notice A buyer escrows `amount * pricePerOne` for up to `amount` pieces of any item of one collection (or of
/// the items of a Merkle root), until the validator signature's expiry. Any holder sells their own pieces into it,
/// in part, until it is filled; each sale pays seller, fee and the item's royalty from escrow, as a sale does. The
/// buyer cancels (in part) at any time; once expired, anyone may return the rest of the escrow to the buyer.
interface IMarketCollectionOffers is IMarketTypes {
    /// @notice Sent by `p.buyer` with the validator's `CollectionOffer` co-signature; escrows
    /// `p.amount * p.pricePerOne` (the value in KLAY, else pulled with `transferFrom`).
    function makeCollectionOffer(CollectionOfferParams calldata p, bytes calldata signature) external payable;
    /// @notice Sent by `p.seller` with the validator's `CollectionAccept` co-signature. With a zero `criteria` any
    /// item of the offer's collection is taken (`proof` is ignored); otherwise `proof` must lead from the leaf
    /// `keccak256(bytes.concat(keccak256(abi.encode(itemId))))` to the root (OpenZeppelin's StandardMerkleTree).
    function acceptCollectionOffer(
        CollectionAcceptParams calldata p,
        bytes32[] calldata proof,
        bytes calldata signature
    ) external;
    /// @notice The buyer (anyone once expired) returns `amount` pieces' worth of the escrow to the buyer.
    function cancelCollectionOffer(uint256 offerId, uint256 amount) external;
    function getCollectionOffer(uint256 offerId) external view returns (CollectionOffer memory);
}
