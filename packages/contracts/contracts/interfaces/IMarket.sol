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
