// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @title IMarket, the marketplace's settlement contract (the spec's "join contract")
/// @notice The server is the order book; the Market is the settlement. Every call the server authorizes
/// carries an EIP-712 signature of the validator key (domain `AttMarket`, version `1`, chain id, Market
/// address) over the exact parameters below, including a server id and an expiry; ids are single-use per kind.
/// A signature is valid while `block.timestamp <= expiry`. `token == address(0)` means KLAY (`msg.value`).
/// Amounts are in wei; fees and royalties are in basis points of the total price.
interface IMarket {
    // ------------------------------------------------------------------ signed parameters

    /// @notice `buyNft`: the spec's buyNftParam. `pricePerOne` is per piece; the total is `amount * pricePerOne`.
    /// `mintAmount` of the `amount` pieces are minted lazily to the buyer, the rest move from `seller`.
    struct BuyParams {
        uint256 id;
        address collection;
        uint256 itemId;
        uint256 amount;
        uint256 mintAmount;
        address author;
        uint256 authorFee;
        address seller;
        address buyer;
        address token;
        uint256 pricePerOne;
        uint256 expiry;
    }

    /// @notice `registerAuction`: the spec's `auc`. `amount` must be 1. `isMinting`: the piece is minted to the
    /// winner at settlement instead of being escrowed at registration. `expiry` bounds the signature only.
    struct AuctionParams {
        uint256 id;
        address collection;
        uint256 itemId;
        uint256 amount;
        address author;
        uint256 authorFee;
        address seller;
        address token;
        uint256 startPrice;
        uint256 endTime;
        bool isMinting;
        uint256 expiry;
    }

    /// @notice `makeOffer`: escrows `amount * pricePerOne`. The offer (and its signature) is valid until `expiry`.
    struct OfferParams {
        uint256 id;
        address collection;
        uint256 itemId;
        uint256 amount;
        address author;
        uint256 authorFee;
        address buyer;
        address token;
        uint256 pricePerOne;
        uint256 expiry;
    }

    /// @notice `acceptOffer`: `seller` sells `amount` pieces into offer `offerId`, `mintAmount` of them lazily minted.
    struct AcceptParams {
        uint256 id;
        uint256 offerId;
        address seller;
        uint256 amount;
        uint256 mintAmount;
        uint256 expiry;
    }

    /// @notice `transferWithMint`: `from` gives `amount` pieces to `to`, `mintAmount` of them lazily minted.
    struct TransferParams {
        uint256 id;
        address collection;
        uint256 itemId;
        address author;
        uint256 authorFee;
        address from;
        address to;
        uint256 amount;
        uint256 mintAmount;
        uint256 expiry;
    }

    // ------------------------------------------------------------------ stored state (views)

    enum AuctionStatus {
        None,
        Active,
        Cancelled,
        Ended
    }

    struct Auction {
        address seller;
        uint64 endTime;
        AuctionStatus status;
        bool isMinting;
        uint16 authorFee;
        address collection;
        uint256 itemId;
        address author;
        address token;
        uint256 startPrice;
        address topBidder;
        uint256 topBid;
    }

    struct Offer {
        address buyer;
        uint64 expiry;
        uint16 authorFee;
        address collection;
        uint256 itemId;
        address author;
        address token;
        uint256 pricePerOne;
        uint256 remaining;
    }

    // ------------------------------------------------------------------ events

    /// @notice A fixed-price sale. Lazily minted pieces show up as Items `TransferSingle` events from address 0.
    event NftBought(
        uint256 indexed id,
        address indexed buyer,
        address indexed seller,
        address collection,
        uint256 itemId,
        uint256 amount,
        address token,
        uint256 price,
        uint256 fee,
        uint256 royalty
    );
    event AuctionRegistered(
        uint256 indexed auctionId,
        address indexed seller,
        address collection,
        uint256 itemId,
        address token,
        uint256 startPrice,
        uint256 endTime,
        bool isMinting
    );
    /// @notice `endTime` is the auction's end after this bid (extended when the bid came in the last window).
    event BidPlaced(uint256 indexed auctionId, address indexed bidder, uint256 amount, uint256 endTime);
    /// @notice A live bid was returned because it was outbid, replaced by the same bidder, or the auction was cancelled.
    event BidRefunded(uint256 indexed auctionId, address indexed bidder, uint256 amount);
    /// @notice The bidder withdrew their live bid before the end.
    event BidCancelled(uint256 indexed auctionId, address indexed bidder, uint256 amount);
    event AuctionCancelled(uint256 indexed auctionId);
    /// @notice Settlement. `winner` is zero (and the amounts are zero) when nobody bid.
    event AuctionEnded(uint256 indexed auctionId, address indexed winner, uint256 price, uint256 fee, uint256 royalty);
    /// @notice The won piece could not be delivered (the winner rejected it); the winner claims it later.
    event AuctionItemUnclaimed(uint256 indexed auctionId, address indexed winner);
    event AuctionItemClaimed(uint256 indexed auctionId, address indexed winner, address to);
    event OfferMade(
        uint256 indexed offerId,
        address indexed buyer,
        address collection,
        uint256 itemId,
        uint256 amount,
        address token,
        uint256 pricePerOne,
        uint256 expiry
    );
    event OfferAccepted(
        uint256 indexed acceptId,
        uint256 indexed offerId,
        address indexed seller,
        uint256 amount,
        uint256 mintAmount,
        uint256 price,
        uint256 fee,
        uint256 royalty
    );
    event OfferCancelled(uint256 indexed offerId, uint256 amount, uint256 refund);
    event TransferredWithMint(
        uint256 indexed id,
        address indexed from,
        address indexed to,
        address collection,
        uint256 itemId,
        uint256 amount,
        uint256 mintAmount
    );
    /// @notice A payout or refund could not be pushed; it is now withdrawable by `account`.
    event PaymentDeferred(address indexed account, address indexed token, uint256 amount);
    event Withdrawn(address indexed account, address indexed token, address to, uint256 amount);

    event MarketFeeUpdated(uint256 feeBps);
    event FeeReceiverUpdated(address feeReceiver);
    event ValidatorUpdated(address validator);
    event AuctionDelayUpdated(uint256 delay);
    event AvailableRateUpdated(uint256 rate);
    event AllowedContractUpdated(address indexed collection, bool allowed);
    event AllowedTokenUpdated(address indexed token, bool allowed);

    // ------------------------------------------------------------------ errors

    error MarketInvalidSignature();
    error MarketSignatureExpired(uint256 expiry, uint256 timestamp);
    /// @dev kind: 1 buy, 2 auction, 3 offer, 4 accept, 5 transfer.
    error MarketIdAlreadyUsed(uint8 kind, uint256 id);
    error MarketUnauthorizedCaller(address caller, address expected);
    error MarketContractNotAllowed(address collection);
    error MarketTokenNotAllowed(address token);
    error MarketRoyaltyTooHigh(uint256 maximum, uint256 given);
    error MarketInvalidAmount(uint256 amount, uint256 mintAmount);
    error MarketPriceTooLow(uint256 minimum, uint256 given);
    error MarketIncorrectPayment(uint256 expected, uint256 given);
    error MarketTokenTransferMismatch(uint256 expected, uint256 received);
    error MarketAuctionQuantityNotOne(uint256 amount);
    error MarketInvalidEndTime(uint256 endTime);
    error MarketAuctionNotActive(uint256 auctionId);
    error MarketAuctionEnded(uint256 auctionId, uint256 endTime);
    error MarketAuctionNotEnded(uint256 auctionId, uint256 endTime);
    error MarketBidTooLow(uint256 minimum, uint256 given);
    error MarketSellerCannotBid(uint256 auctionId);
    error MarketNoBid(uint256 auctionId, address bidder);
    error MarketNothingToClaim(uint256 auctionId, address account);
    /// @notice endAuction was sent with too little gas to give the piece's delivery a fair chance.
    error MarketInsufficientGas(uint256 needed, uint256 left);
    error MarketOfferNotFound(uint256 offerId);
    error MarketOfferExpired(uint256 offerId, uint256 expiry);
    error MarketOfferAmountExceeded(uint256 remaining, uint256 requested);
    error MarketNothingToWithdraw(address token, address account);
    error MarketFeeTooHigh(uint256 maximum, uint256 given);
    error MarketInvalidRate(uint256 rate);
    error MarketInvalidDelay(uint256 delay);
    error MarketZeroAddress();

    // ------------------------------------------------------------------ trading

    function buyNft(BuyParams calldata p, bytes calldata signature) external payable;
    function registerAuction(AuctionParams calldata p, bytes calldata signature) external;
    function placeBid(uint256 auctionId, uint256 amount) external payable;
    function cancelBid(uint256 auctionId) external;
    function cancelAuction(uint256 auctionId) external;
    function endAuction(uint256 auctionId) external;
    /// @notice Delivers a won piece that could not be delivered at settlement, to `to`. Only the winner.
    function claimAuctionItem(uint256 auctionId, address to) external;
    function makeOffer(OfferParams calldata p, bytes calldata signature) external payable;
    function acceptOffer(AcceptParams calldata p, bytes calldata signature) external;
    function cancelOffer(uint256 offerId, uint256 amount) external;
    function transferWithMint(TransferParams calldata p, bytes calldata signature) external;
    function withdraw(address token) external;
    function withdrawTo(address token, address to) external;
}
