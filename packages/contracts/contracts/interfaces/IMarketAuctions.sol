// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IMarketTypes} from "./IMarketTypes.sol";

/// @title IMarketAuctions, the English auctions with the spec's bid book (answered at the Market's address)
/// @notice Every live bid stays escrowed. A new bid must beat the top bid by the auction's raise and becomes
/// the top; the same bidder's new bid replaces their earlier one (state 1). The top bid cannot be withdrawn: it
/// stands until outbid and wins if nobody outbids it; every outbid bid may be withdrawn (state 2) at any time. A
/// bid in the last extension window extends the end. The seller's cancel refunds every live bid and is refused
/// within the last extension window once there is a bid. At settlement the losing bids stay withdrawable.
interface IMarketAuctions is IMarketTypes {
    function registerAuction(AuctionParams calldata p, bytes calldata signature) external;
    function placeBid(uint256 auctionId, uint256 amount) external payable;
    function cancelBid(uint256 auctionId) external;
    function cancelAuction(uint256 auctionId) external;
    /// @notice Settles an ended auction: anyone may call it (a keeper does); the winner, price and recipients
    /// are the auction's own. Delivers the piece, then pays seller, fee and royalty from escrow.
    function endAuction(uint256 auctionId) external;
    /// @notice Delivers a piece that could not be delivered at settlement or return, to `to`. Only its owner.
    function claimAuctionItem(uint256 auctionId, address to) external;
    function getAuction(uint256 auctionId) external view returns (Auction memory);
    function minimumBid(uint256 auctionId) external view returns (uint256);
    function bidOf(uint256 auctionId, address bidder) external view returns (uint256);
    function liveBids(uint256 auctionId) external view returns (Bid[] memory);
    function unclaimedAuctionItem(uint256 auctionId) external view returns (address);
}
