// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IMarketTypes} from "./IMarketTypes.sol";

/// @title IMarket, the marketplace's settlement contract (the spec's "join contract"): fixed-price listings,
/// offers, lazy-minting transfers, withdrawals and settings. The auctions ({IMarketAuctions}) answer at the
/// same address. Structures, events and errors: {IMarketTypes}.
interface IMarket is IMarketTypes {
    /// @notice Buys `reservation.amount` pieces of the seller-signed `listing`, as `reservation.buyer`, with the
    /// validator's co-signature. Pays seller, fee receiver and royalty receiver straight from the buyer.
    function buyNft(
        Listing calldata listing,
        bytes calldata sellerSignature,
        Reservation calldata reservation,
        bytes calldata validatorSignature
    ) external payable;
    /// @notice Buys a cart of listings paid in one `token` (KLAY: `address(0)`, send the cart's total as value),
    /// each with its validator `Buy` as `buyNft` takes it, in one transaction: fills every listing still fillable
    /// and skips (without reverting) those sold, cancelled or expired meanwhile, refused by their seller or
    /// collection, or beyond the KLAY sent; the fees of every fill go in one payment, and the unspent KLAY comes back
    /// in this transaction. One `NftBought` per filled listing, as `buyNft`. Returns the filled orders as a bitmap
    /// (bit i: `orders[i]`).
    function buyNfts(address token, CartOrder[] calldata orders) external payable returns (uint256 bought);
    /// @notice The buyer voids their own validator-signed `Buy` before its expiry, so the order book can hand its
    /// pieces to another buyer at once: the Buy's single-use id is spent (a later `buyNft` with it reverts with
    /// `MarketIdAlreadyUsed`) and `BuyVoided` is emitted. Only `reservation.buyer` can call it, and only with the
    /// validator's signature over that very Buy (`listingHash` is the listing's digest the Buy names), so nobody can
    /// spend another buyer's id. Reverts like `buyNft` on a used id (voided twice, or already bought) and on an
    /// expired Buy (it can no longer be bought anyway).
    function voidBuy(bytes32 listingHash, Reservation calldata reservation, bytes calldata validatorSignature) external;
    /// @notice The seller cancels one of their listings for good.
    function cancelListing(Listing calldata listing) external;
    /// @notice The caller cancels every listing they signed so far (their counter goes up by one).
    function incrementCounter() external returns (uint256);
    function makeOffer(OfferParams calldata p, bytes calldata signature) external payable;
    function acceptOffer(AcceptParams calldata p, bytes calldata signature) external;
    function cancelOffer(uint256 offerId, uint256 amount) external;
    function transferWithMint(TransferParams calldata p, bytes calldata signature) external;
    function withdraw(address token) external;
    function withdrawTo(address token, address to) external;
}
