// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

/// @title IMarketTypes, the structures, events and errors shared by the Market and its auction module
/// @notice Who signs what: a fixed-price `Listing` is signed by the seller's own wallet (EIP-712, EIP-1271 for
/// contract wallets); every other order is the member's own transaction. The validator (server) co-signs each
/// call (`Buy`, `Auction`, `Offer`, `Accept`, `Transfer`: a reservation with a single-use id and an expiry) so the
/// server's order book stays authoritative, but its signature only restricts: it never moves, prices or mints
/// what a member did not sign or send. Domain `AttMarket`, version `1`, chain id, Market address. A signature
/// is valid while `block.timestamp <= expiry`. `token == address(0)` means KLAY (`msg.value`). Amounts are wei,
/// fees and royalties basis points of the price.
interface IMarketTypes {
    // ------------------------------------------------------------------ signed parameters

    /// @notice A fixed-price listing, signed by `seller` (no gas). Sells up to `amount` pieces at `pricePerOne`
    /// until `expiry`. `editionSize != 0` makes it the creator's lazy listing: each fill mints the pieces (the
    /// seller must be the item's creator; Items records `editionSize` and `royaltyBps` at the first mint).
    /// `feeBps` is the platform fee the seller agreed to; it must be at least the fee in force when filled.
    /// `counter` must equal the seller's counter ({incrementCounter} cancels all their listings at once).
    struct Listing {
        address seller;
        address collection;
        uint256 itemId;
        address token;
        uint256 pricePerOne;
        uint256 amount;
        uint256 editionSize;
        uint256 royaltyBps;
        uint256 feeBps;
        uint256 expiry;
        uint256 salt;
        uint256 counter;
    }

    /// @notice The validator's reservation of `amount` pieces of a listing for `buyer`. It signs the EIP-712 `Buy`,
    /// which is this struct preceded by `bytes32 listingHash` (the listing's digest); the Market computes that
    /// digest from the listing sent alongside, so it is not repeated in calldata.
    struct Reservation {
        address buyer;
        uint256 amount;
        uint256 id;
        uint256 expiry;
    }

    /// @notice One listing of a cart (`buyNfts`): what `buyNft` takes, as one struct.
    struct CartOrder {
        Listing listing;
        bytes sellerSignature;
        Reservation reservation;
        bytes validatorSignature;
    }

    /// @notice `registerAuction`, sent by `seller`. One piece; `isMinting` (creator only) mints it into escrow at
    /// registration. `expiry` bounds the validator's signature only.
    struct AuctionParams {
        uint256 id;
        address collection;
        uint256 itemId;
        address seller;
        address token;
        uint256 startPrice;
        uint256 endTime;
        bool isMinting;
        uint256 editionSize;
        uint256 royaltyBps;
        uint256 expiry;
    }

    /// @notice `makeOffer`, sent by `buyer`: escrows `amount * pricePerOne` until `expiry`.
    struct OfferParams {
        uint256 id;
        address collection;
        uint256 itemId;
        uint256 amount;
        address buyer;
        address token;
        uint256 pricePerOne;
        uint256 expiry;
    }

    /// @notice `acceptOffer`, sent by `seller`: sells `amount` pieces into `offerId`, `mintAmount` of them minted
    /// (only when the seller is the item's creator, with the edition size and royalty).
    struct AcceptParams {
        uint256 id;
        uint256 offerId;
        address seller;
        uint256 amount;
        uint256 mintAmount;
        uint256 editionSize;
        uint256 royaltyBps;
        uint256 expiry;
    }

    /// @notice `transferWithMint`, sent by `from`: gives `amount` pieces to `to`, `mintAmount` of them minted
    /// (only when `from` is the item's creator).
    struct TransferParams {
        uint256 id;
        address collection;
        uint256 itemId;
        address from;
        address to;
        uint256 amount;
        uint256 mintAmount;
        uint256 editionSize;
        uint256 royaltyBps;
        uint256 expiry;
    }

    /// @notice `makeCollectionOffer`, sent by `buyer`: escrows `amount * pricePerOne` until `expiry` for up to
    /// `amount` pieces of any item of `collection` (`criteria == 0`), or only of the items whose ids are leaves of
    /// the Merkle root `criteria` (OpenZeppelin's StandardMerkleTree of `uint256` ids).
    struct CollectionOfferParams {
        uint256 id;
        address collection;
        bytes32 criteria;
        uint256 amount;
        address buyer;
        address token;
        uint256 pricePerOne;
        uint256 expiry;
    }

    /// @notice `acceptCollectionOffer`, sent by `seller`: sells `amount` pieces of `itemId` (of the offer's
    /// collection) into `offerId`, `mintAmount` of them minted (only when the seller is the item's creator).
    struct CollectionAcceptParams {
        uint256 id;
        uint256 offerId;
        address seller;
        uint256 itemId;
        uint256 amount;
        uint256 mintAmount;
        uint256 editionSize;
        uint256 royaltyBps;
        uint256 expiry;
    }

    // ------------------------------------------------------------------ stored state (views)

    /// @notice `Cancelled`: by its seller, every live bid refunded. `Ended`: settled (or returned unsold).
    /// `Voided`: the collection refused to deliver the piece to the winner until SETTLEMENT_GRACE after the end;
    /// the winning bid was refunded and the piece returned to the seller.
    enum AuctionStatus {
        None,
        Active,
        Cancelled,
        Ended,
        Voided
    }

    /// @notice An auction as `getAuction` shows it. The terms (`feeBps`, `raiseBps`, `extension`) are those in
    /// force at registration. `topBidder`/`topBid`: the top bid while it runs, the winning (or voided) bid after.
    struct Auction {
        address seller;
        uint64 endTime;
        AuctionStatus status;
        uint16 feeBps;
        address collection;
        uint16 raiseBps;
        uint32 extension;
        uint256 itemId;
        address token;
        uint256 startPrice;
        address topBidder;
        uint256 topBid;
    }

    /// @notice A bid in escrow (`liveBids`).
    struct Bid {
        address bidder;
        uint256 amount;
    }

    /// @notice `feeBps` is the platform fee in force when the offer was made.
    struct Offer {
        address buyer;
        uint64 expiry;
        uint16 feeBps;
        address collection;
        uint256 itemId;
        address token;
        uint256 pricePerOne;
        uint256 remaining;
    }

    /// @notice A collection offer as `getCollectionOffer` shows it: `remaining` pieces still wanted; `feeBps` is
    /// the platform fee in force when it was made (an accept pays the lower of it and the fee in force).
    struct CollectionOffer {
        address buyer;
        uint64 expiry;
        uint16 feeBps;
        address collection;
        address token;
        bytes32 criteria;
        uint256 pricePerOne;
        uint256 remaining;
    }

    // ------------------------------------------------------------------ events

    /// @notice A fill of listing `listingHash` under reservation `id`. Minted pieces show as Items
    /// `TransferSingle` events from address 0.
    event NftBought(
        uint256 indexed id,
        bytes32 indexed listingHash,
        address indexed buyer,
        address seller,
        address collection,
        uint256 itemId,
        uint256 amount,
        address token,
        uint256 price,
        uint256 fee,
        uint256 royalty
    );
    /// @notice The buyer voided their own reservation `id` of the listing `listingHash` (see `voidBuy`): the Buy can
    /// no longer be bought, so its pieces are free again.
    event BuyVoided(uint256 indexed id, bytes32 indexed listingHash, address indexed buyer);
    /// @notice The seller cancelled the listing with digest `listingHash` for good. Emitted for any listing its
    /// seller sends, signed or not (a seller may also cancel a signature the order book never saw): an indexer
    /// acts only on digests it knows.
    event ListingCancelled(bytes32 indexed listingHash, address indexed seller);
    event CounterIncremented(address indexed seller, uint256 counter);

    // Auction events keep an indexer's bid book without reading state: the terms at registration; every bid
    // (the new top) with the bid it replaces and the end after any extension; every bid that leaves escrow
    // (refunded or credited, or withdrawn); the settlement, cancel or void; the pieces owed; and
    // `PaymentDeferred`/`Withdrawn` for the withdrawable credits. The top only ever changes by a `BidPlaced`.

    event AuctionRegistered(
        uint256 indexed auctionId,
        address indexed seller,
        address collection,
        uint256 itemId,
        address token,
        uint256 startPrice,
        uint256 endTime,
        bool isMinting,
        uint256 feeBps,
        uint256 raiseBps,
        uint256 extension
    );
    /// @notice `bidder` now holds the top bid, `amount`. `replaced` is their own earlier live bid that this one
    /// replaces (bid state 1; 0 when none): the escrow took only `amount - replaced`. `endTime` is the auction's
    /// end after this bid (extended when the bid came in the last window).
    event BidPlaced(uint256 indexed auctionId, address indexed bidder, uint256 amount, uint256 replaced, uint256 endTime);
    /// @notice A bid left escrow back to its bidder without the bidder asking (bid state 1): pushed out as the
    /// lowest of a full book, refunded by the seller's cancel, or the winning bid of a voided auction. A refund
    /// that could not be pushed is followed by `PaymentDeferred` (then withdrawable).
    event BidRefunded(uint256 indexed auctionId, address indexed bidder, uint256 amount);
    /// @notice The bidder withdrew their bid (bid state 2): an outbid bid while the auction runs, or a losing bid
    /// after it ended or was voided.
    event BidCancelled(uint256 indexed auctionId, address indexed bidder, uint256 amount);
    /// @notice The seller cancelled; every live bid is refunded (`BidRefunded` each).
    event AuctionCancelled(uint256 indexed auctionId);
    /// @notice Settlement. `winner` is zero (and the amounts are zero) when nobody bid. The losing bids stay in
    /// escrow until their bidders withdraw them (`BidCancelled`).
    event AuctionEnded(uint256 indexed auctionId, address indexed winner, uint256 price, uint256 fee, uint256 royalty);
    /// @notice The collection refused to deliver the piece to `winner` until SETTLEMENT_GRACE after the end: no
    /// sale. The winning bid is refunded (`BidRefunded`), the piece goes back to the seller (or is owed to them);
    /// the losing bids stay withdrawable as after a settlement.
    event AuctionVoided(uint256 indexed auctionId, address indexed winner, uint256 price);
    /// @notice The piece could not be delivered (a receiving contract refused it, or the collection refused to
    /// return it to the seller); `owner` claims it later.
    event AuctionItemUnclaimed(uint256 indexed auctionId, address indexed owner);
    event AuctionItemClaimed(uint256 indexed auctionId, address indexed owner, address to);
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
    /// @notice `buyer` escrowed `amount * pricePerOne` for up to `amount` pieces of `collection` (any item when
    /// `criteria` is zero, else the items of that Merkle root).
    event CollectionOfferMade(
        uint256 indexed offerId,
        address indexed buyer,
        address indexed collection,
        bytes32 criteria,
        uint256 amount,
        address token,
        uint256 pricePerOne,
        uint256 expiry
    );
    /// @notice `seller` sold `amount` pieces of `itemId` into the collection offer under the single-use `acceptId`.
    event CollectionOfferAccepted(
        uint256 indexed acceptId,
        uint256 indexed offerId,
        address indexed seller,
        uint256 itemId,
        uint256 amount,
        uint256 mintAmount,
        uint256 price,
        uint256 fee,
        uint256 royalty
    );
    /// @notice `amount` pieces' worth (`refund`) went back to the offer's buyer (the buyer's cancel, or anyone's
    /// return after the expiry).
    event CollectionOfferCancelled(uint256 indexed offerId, uint256 amount, uint256 refund);
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
    event AuctionContractUpdated(address indexed collection, bool allowed);

    // ------------------------------------------------------------------ errors

    error MarketInvalidSignature();
    /// @notice The seller's signature (ECDSA or EIP-1271) does not match the listing.
    error MarketInvalidSellerSignature();
    error MarketSignatureExpired(uint256 expiry, uint256 timestamp);
    /// @dev kind: 1 buy, 2 auction, 3 offer, 4 accept, 5 transfer, 6 collection offer, 7 collection accept.
    error MarketIdAlreadyUsed(uint8 kind, uint256 id);
    error MarketUnauthorizedCaller(address caller, address expected);
    error MarketContractNotAllowed(address collection);
    error MarketTokenNotAllowed(address token);
    error MarketInvalidAmount(uint256 amount, uint256 mintAmount);
    error MarketPriceTooLow(uint256 minimum, uint256 given);
    error MarketIncorrectPayment(uint256 expected, uint256 given);
    error MarketTokenTransferMismatch(uint256 expected, uint256 received);
    /// @notice The listing was cancelled by its seller (by hash, or by raising the counter).
    error MarketListingCancelled(bytes32 listingHash);
    /// @notice The listing has only `remaining` pieces left.
    error MarketListingAmountExceeded(uint256 remaining, uint256 requested);
    /// @notice The listing's fee is below the fee in force (or above the cap).
    error MarketFeeMismatch(uint256 signed, uint256 current);
    /// @notice The Market (or address zero) cannot be a seller, buyer, recipient or creator.
    error MarketInvalidParty(address account);
    error MarketInvalidEndTime(uint256 endTime);
    error MarketAuctionNotActive(uint256 auctionId);
    error MarketAuctionEnded(uint256 auctionId, uint256 endTime);
    error MarketAuctionNotEnded(uint256 auctionId, uint256 endTime);
    /// @notice A running auction with a bid cannot be cancelled by its seller this close to the end (nor after).
    error MarketTooLateToCancel(uint256 auctionId, uint256 endTime);
    /// @notice The top bid cannot be withdrawn: it stands until outbid, and wins if nobody outbids it.
    error MarketTopBidLocked(uint256 auctionId);
    error MarketBidTooLow(uint256 minimum, uint256 given);
    /// @notice A bid or start price above MAX_AUCTION_AMOUNT.
    error MarketAmountTooHigh(uint256 maximum, uint256 given);
    /// @notice The collection refused to move the piece to the winner (an account cannot refuse one); retried
    /// by any later `endAuction`, which voids the auction from SETTLEMENT_GRACE after its end.
    error MarketItemNotDelivered(uint256 auctionId, address to);
    error MarketSellerCannotBid(uint256 auctionId);
    error MarketNoBid(uint256 auctionId, address bidder);
    error MarketNothingToClaim(uint256 auctionId, address account);
    /// @notice Too little gas left to give a capped call (a delivery, a payout, a royalty lookup) its full cap.
    error MarketInsufficientGas(uint256 needed, uint256 left);
    error MarketOfferNotFound(uint256 offerId);
    error MarketOfferExpired(uint256 offerId, uint256 expiry);
    error MarketOfferAmountExceeded(uint256 remaining, uint256 requested);
    /// @notice The item is not among the collection offer's criteria (its id and proof do not reach the root).
    error MarketItemNotInCriteria(uint256 offerId, uint256 itemId);
    error MarketNothingToWithdraw(address token, address account);
    error MarketFeeTooHigh(uint256 maximum, uint256 given);
    error MarketInvalidRate(uint256 rate);
    error MarketInvalidDelay(uint256 delay);
    error MarketZeroAddress();
    /// @notice A payment token or collection to allow is not a contract.
    error MarketNotAContract(address account);
    /// @notice ERC-1155 pieces are accepted only when the Market itself moves them in (auction escrow).
    error MarketUnsolicitedItems(address operator);
    error MarketRenounceDisabled();
    /// @notice A Market module (auctions, collection offers) may only run inside the Market (delegatecall).
    error MarketModuleDirectCall();
    /// @notice A Market module was deployed for another collection or token than the Market.
    error MarketModuleMismatch(address module);
}
