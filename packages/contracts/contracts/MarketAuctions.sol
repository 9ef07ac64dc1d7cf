// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IItems} from "./interfaces/IItems.sol";
import {IMarketAuctions} from "./interfaces/IMarketAuctions.sol";
import {MarketModule} from "./MarketModule.sol";

/// @title MarketAuctions, the Market's English auctions with the spec's bid book
/// @notice Runs only by delegatecall from the {Market} (its fallback), in the Market's storage and escrow, so
/// the auctions answer at the Market's address with the Market's ABI. Deployed once, before the Market.
/// The fee, minimum raise and extension are copied into each auction at registration and never change.
contract MarketAuctions is MarketModule, IMarketAuctions {
    bytes32 public constant AUCTION_TYPEHASH =
        keccak256(
            "Auction(uint256 id,address collection,uint256 itemId,address seller,address token,uint256 startPrice,uint256 endTime,bool isMinting,uint256 editionSize,uint256 royaltyBps,uint256 expiry)"
        );

    /// @notice Gas every delivery of an escrowed piece gets, exactly (the collection's transfer and the receiving
    /// contract's ERC-1155 hook): a hook needing more refuses the piece, whatever gas limit the caller sent.
    uint256 public constant DELIVERY_GAS = 110_000;
    /// @notice From this long after its end, an auction whose piece the collection still refuses to deliver to
    /// the winner is voided by `endAuction` (winning bid refunded, piece back to the seller) instead of reverting.
    uint256 public constant SETTLEMENT_GRACE = 7 days;

    uint256 private constant NONE = type(uint256).max;

    /// @dev {MarketCollectionOffers}, run by delegatecall (still in the Market's storage) for every function
    /// neither the Market nor this module defines.
    address private immutable _collectionOffersModule;

    /// @param items_ The platform's collection and `att_` its payment token, as the Market is deployed with; the
    /// collection offer module must have been deployed with the same two.
    constructor(address items_, address att_, address collectionOffers_) MarketModule(items_, att_) {
        _checkModule(collectionOffers_, items_, att_);
        _collectionOffersModule = collectionOffers_;
    }

    /// @notice The collection offers ({IMarketCollectionOffers}) run in their module, in the Market's storage:
    /// the Market's fallback runs this module, whose fallback runs that one. Only inside the Market.
    fallback() external payable onlyDelegated {
        _delegate(_collectionOffersModule);
    }

    /// @notice Never reached inside the Market (whose own `receive` refuses plain KLAY transfers).
    receive() external payable {
        revert MarketIncorrectPayment(0, msg.value);
    }

    /// @notice The collection offer module this module runs for the Market.
    function collectionOffersModule() external view returns (address) {
        return _collectionOffersModule;
    }


    /// @inheritdoc IMarketAuctions
    function registerAuction(AuctionParams calldata p, bytes calldata signature) external onlyDelegated nonReentrant {
        if (msg.sender != p.seller) revert MarketUnauthorizedCaller(msg.sender, p.seller);
        uint256 offset;
        assembly ("memory-safe") {
            offset := p
        }
        _verify(_hashCalldata(AUCTION_TYPEHASH, offset, 0x160), p.expiry, signature);
        AuctionRecord storage a = _auctions[p.id];
        if (a.status != AuctionStatus.None) revert MarketIdAlreadyUsed(KIND_AUCTION, p.id);
        _checkAuctionCollection(p.collection);
        _checkToken(p.token);
        if (p.startPrice < MIN_AUCTION_START_PRICE) revert MarketPriceTooLow(MIN_AUCTION_START_PRICE, p.startPrice);
        if (p.startPrice > MAX_AUCTION_AMOUNT) revert MarketAmountTooHigh(MAX_AUCTION_AMOUNT, p.startPrice);
        if (p.endTime <= block.timestamp || p.endTime > block.timestamp + MAX_SALE_PERIOD) {
            revert MarketInvalidEndTime(p.endTime);
        }

        uint256 feeBps = _marketFee;
        uint256 raiseBps = _availableRate;
        uint256 extension = _auctionDelay;
        a.seller = p.seller;
        a.endTime = uint64(p.endTime); // fits: bounded by block.timestamp + MAX_SALE_PERIOD above
        a.status = AuctionStatus.Active;
        a.feeBps = uint16(feeBps); // fits: the settings are stored in these widths
        a.collection = p.collection;
        a.raiseBps = uint16(raiseBps);
        a.extension = uint32(extension);
        a.itemId = p.itemId;
        a.token = p.token;
        a.startPrice = uint96(p.startPrice); // fits: checked against MAX_AUCTION_AMOUNT above
        emit AuctionRegistered(
            p.id,
            p.seller,
            p.collection,
            p.itemId,
            p.token,
            p.startPrice,
            p.endTime,
            p.isMinting,
            feeBps,
            raiseBps,
            extension
        );

        // The piece goes into escrow now: minted on the creator's own authority (Items checks the seller is the
        // item's creator and the edition), or moved from the seller.
        if (p.isMinting) IItems(p.collection).mint(address(this), p.itemId, 1, p.seller, p.editionSize, p.royaltyBps);
        else IItems(p.collection).safeTransferFrom(p.seller, address(this), p.itemId, 1, "");
    }

    /// @inheritdoc IMarketAuctions
    function placeBid(uint256 auctionId, uint256 amount) external payable onlyDelegated nonReentrant {
        AuctionRecord storage a = _auctions[auctionId];
        if (a.status != AuctionStatus.Active) revert MarketAuctionNotActive(auctionId);
        uint256 endTime = a.endTime;
        if (block.timestamp >= endTime) revert MarketAuctionEnded(auctionId, endTime);
        if (msg.sender == a.seller) revert MarketSellerCannotBid(auctionId);
        if (amount > MAX_AUCTION_AMOUNT) revert MarketAmountTooHigh(MAX_AUCTION_AMOUNT, amount);
        // A collection or token disallowed since registration takes no new bids (cancels and settlement still run).
        _checkCollection(a.collection);
        address token = a.token;
        _checkToken(token);
        uint256[MAX_LIVE_BIDS] storage book = _book[auctionId];
        uint256 entries = a.entries;
        uint256 top = a.top;
        // Cannot underflow: top is an entry index + 1 when not zero.
        unchecked {
            uint256 minimum = top == 0 ? a.startPrice : _raised(book[top - 1] >> 160, a.raiseBps);
            if (amount < minimum) revert MarketBidTooLow(minimum, amount);
        }

        // One pass over the book: the caller's own entry; else a free one; else (a full book) the lowest bid,
        // which is never the top (the top is above every other live bid).
        uint256 slot = NONE;
        uint256 free = NONE;
        uint256 lowest;
        uint256 lowestBid = type(uint256).max;
        for (uint256 i; i < entries; ++i) {
            uint256 e = book[i];
            if (address(uint160(e)) == msg.sender) {
                slot = i;
                break;
            }
            uint256 b = e >> 160;
            if (b == 0) {
                if (free == NONE) free = i;
            } else if (b < lowestBid) {
                (lowest, lowestBid) = (i, b);
            }
        }
        uint256 previous;
        address evicted;
        if (slot != NONE) {
            // The same bidder's new bid replaces their earlier one (state 1); only the increase is paid in.
            previous = book[slot] >> 160;
        } else if (free != NONE) {
            slot = free;
        } else if (entries < MAX_LIVE_BIDS) {
            slot = entries;
            a.entries = uint8(entries + 1); // fits: at most MAX_LIVE_BIDS
        } else {
            // A full book: the lowest live bid is pushed out (refunded) to make room.
            slot = lowest;
            evicted = address(uint160(book[lowest]));
            emit BidRefunded(auctionId, evicted, lowestBid);
        }
        book[slot] = uint256(uint160(msg.sender)) | (amount << 160);
        a.top = uint8(slot + 1); // fits: slot < MAX_LIVE_BIDS
        // Cannot underflow: endTime > block.timestamp was checked above.
        unchecked {
            uint256 extension = a.extension;
            if (endTime - block.timestamp < extension) {
                endTime += extension;
                a.endTime = uint64(endTime); // fits: a timestamp plus at most one day per bid
            }
        }
        emit BidPlaced(auctionId, msg.sender, amount, previous, endTime);

        // Cannot underflow: amount >= minimum > top bid >= previous.
        unchecked {
            _takePayment(token, amount - previous);
        }
        if (evicted != address(0)) _push(token, evicted, lowestBid);
    }

    /// @inheritdoc IMarketAuctions
    function cancelBid(uint256 auctionId) external onlyDelegated nonReentrant {
        AuctionRecord storage a = _auctions[auctionId];
        (uint256 index, uint256 bid) = _find(auctionId, a.entries, msg.sender);
        AuctionStatus status = a.status;
        if (bid == 0 || status == AuctionStatus.Cancelled) revert MarketNoBid(auctionId, msg.sender);
        if (index + 1 == a.top) {
            // The top bid stands until outbid; after the end it was paid (or refunded when the auction was voided).
            if (status == AuctionStatus.Active) revert MarketTopBidLocked(auctionId);
            revert MarketNoBid(auctionId, msg.sender);
        }
        _book[auctionId][index] = uint256(uint160(msg.sender)); // amount 0: a free entry
        emit BidCancelled(auctionId, msg.sender, bid);
        _push(a.token, msg.sender, bid);
    }

    /// @inheritdoc IMarketAuctions
    function cancelAuction(uint256 auctionId) external onlyDelegated nonReentrant {
        AuctionRecord storage a = _auctions[auctionId];
        if (a.status != AuctionStatus.Active) revert MarketAuctionNotActive(auctionId);
        address seller = a.seller;
        if (msg.sender != seller) revert MarketUnauthorizedCaller(msg.sender, seller);
        uint256 endTime = a.endTime;
        if (a.top != 0 && block.timestamp + a.extension >= endTime) revert MarketTooLateToCancel(auctionId, endTime);
        a.status = AuctionStatus.Cancelled;
        emit AuctionCancelled(auctionId);
        _returnPiece(a, auctionId, seller);

        // The seller pays the gas of refunding every live bid (at most MAX_LIVE_BIDS). The entries are left as
        // they are: a cancelled auction's book is never read again.
        uint256[MAX_LIVE_BIDS] storage book = _book[auctionId];
        uint256 entries = a.entries;
        address token = a.token;
        for (uint256 i; i < entries; ++i) {
            uint256 e = book[i];
            uint256 bid = e >> 160;
            if (bid == 0) continue;
            address bidder = address(uint160(e));
            emit BidRefunded(auctionId, bidder, bid);
            _push(token, bidder, bid);
        }
    }

    /// @inheritdoc IMarketAuctions
    function endAuction(uint256 auctionId) external onlyDelegated nonReentrant {
        AuctionRecord storage a = _auctions[auctionId];
        if (a.status != AuctionStatus.Active) revert MarketAuctionNotActive(auctionId);
        uint256 endTime = a.endTime;
        if (block.timestamp < endTime) revert MarketAuctionNotEnded(auctionId, endTime);
        a.status = AuctionStatus.Ended;
        uint256 top = a.top;
        address seller = a.seller;
        if (top == 0) {
            emit AuctionEnded(auctionId, address(0), 0, 0, 0);
            _returnPiece(a, auctionId, seller);
            return;
        }
        // The caller chooses nothing: the winner and price are the top entry, the recipients the auction's.
        uint256 e = _book[auctionId][top - 1];
        address winner = address(uint160(e));
        uint256 price = e >> 160;
        address collection = a.collection;
        uint256 itemId = a.itemId;
        // Deliver before paying.
        bool delivered = _tryDeliver(collection, itemId, winner);
        // Who refused, before anything is paid: an account without code cannot refuse a piece, and a receiving
        // contract can refuse it only when the collection moves it at all (the piece moved to the Market itself
        // proves that). Otherwise the collection refused the transfer (paused, say): no sale is made yet. Retried
        // by any later call; once SETTLEMENT_GRACE has passed, the sale is void and the money goes back.
        if (!delivered && (winner.code.length == 0 || !_tryDeliver(collection, itemId, address(this)))) {
            if (block.timestamp < endTime + SETTLEMENT_GRACE) revert MarketItemNotDelivered(auctionId, winner);
            a.status = AuctionStatus.Voided;
            emit AuctionVoided(auctionId, winner, price);
            emit BidRefunded(auctionId, winner, price);
            _push(a.token, winner, price);
            _returnPiece(a, auctionId, seller);
            return;
        }
        (address royaltyReceiver, uint256 royalty) = _royalty(collection, itemId, price);
        uint256 fee = (price * a.feeBps) / 10_000;
        emit AuctionEnded(auctionId, winner, price, fee, royalty);
        // A receiving contract refused the piece (or its hook needed more than DELIVERY_GAS): the sale stands,
        // and the winner claims the piece later, to any address.
        if (!delivered) _park(auctionId, winner);
        _payOut(a.token, seller, royaltyReceiver, price, fee, royalty);
    }

    /// @inheritdoc IMarketAuctions
    function claimAuctionItem(uint256 auctionId, address to) external onlyDelegated nonReentrant {
        if (msg.sender == address(0) || _unclaimed[auctionId] != msg.sender) revert MarketNothingToClaim(auctionId, msg.sender);
        _checkParty(to);
        delete _unclaimed[auctionId];
        emit AuctionItemClaimed(auctionId, msg.sender, to);
        AuctionRecord storage a = _auctions[auctionId];
        IItems(a.collection).safeTransferFrom(address(this), to, a.itemId, 1, "");
    }

    // ------------------------------------------------------------------ views

    /// @inheritdoc IMarketAuctions
    function getAuction(uint256 auctionId) external view returns (Auction memory v) {
        AuctionRecord storage a = _auctions[auctionId];
        v.seller = a.seller;
        v.endTime = a.endTime;
        v.status = a.status;
        v.feeBps = a.feeBps;
        v.collection = a.collection;
        v.raiseBps = a.raiseBps;
        v.extension = a.extension;
        v.itemId = a.itemId;
        v.token = a.token;
        v.startPrice = a.startPrice;
        uint256 top = a.top;
        if (top != 0 && v.status != AuctionStatus.Cancelled) {
            uint256 e = _book[auctionId][top - 1];
            (v.topBidder, v.topBid) = (address(uint160(e)), e >> 160);
        }
    }

    /// @notice The smallest bid `placeBid` accepts now: the start price, or the top bid plus the auction's raise
    /// (`top * raiseBps / 10000`, rounded up).
    function minimumBid(uint256 auctionId) external view returns (uint256) {
        AuctionRecord storage a = _auctions[auctionId];
        uint256 top = a.top;
        return top == 0 ? a.startPrice : _raised(_book[auctionId][top - 1] >> 160, a.raiseBps);
    }

    /// @notice `bidder`'s bid in escrow: live while the auction runs, a losing bid not yet withdrawn after it.
    function bidOf(uint256 auctionId, address bidder) external view returns (uint256) {
        AuctionRecord storage a = _auctions[auctionId];
        (uint256 index, uint256 bid) = _find(auctionId, a.entries, bidder);
        return _inEscrow(a, index) ? bid : 0;
    }

    /// @notice Every bid in escrow, as `bidOf` counts them (unordered).
    function liveBids(uint256 auctionId) external view returns (Bid[] memory bids) {
        AuctionRecord storage a = _auctions[auctionId];
        uint256[MAX_LIVE_BIDS] storage book = _book[auctionId];
        uint256 entries = a.entries;
        bids = new Bid[](entries);
        uint256 n;
        for (uint256 i; i < entries; ++i) {
            uint256 e = book[i];
            if (e >> 160 != 0 && _inEscrow(a, i)) bids[n++] = Bid(address(uint160(e)), e >> 160);
        }
        assembly ("memory-safe") {
            mstore(bids, n)
        }
    }

    /// @notice The account still owed the piece of `auctionId` (zero when none).
    function unclaimedAuctionItem(uint256 auctionId) external view returns (address) {
        return _unclaimed[auctionId];
    }

    // ------------------------------------------------------------------ internal

    /// @dev `bid` plus `bid * raiseBps / 10000`, rounded up.
    function _raised(uint256 bid, uint256 raiseBps) internal pure returns (uint256) {
        return bid + (bid * raiseBps + 9_999) / 10_000;
    }

    /// @dev `bidder`'s entry in the book and its amount; (NONE, 0) when absent.
    function _find(uint256 auctionId, uint256 entries, address bidder) internal view returns (uint256, uint256) {
        uint256[MAX_LIVE_BIDS] storage book = _book[auctionId];
        for (uint256 i; i < entries; ++i) {
            uint256 e = book[i];
            if (address(uint160(e)) == bidder) return (i, e >> 160);
        }
        return (NONE, 0);
    }

    /// @dev Whether entry `index` still holds money: not after the seller's cancel (refunded), not the winning
    /// entry once the auction ended or was voided (paid out, or refunded).
    function _inEscrow(AuctionRecord storage a, uint256 index) internal view returns (bool) {
        AuctionStatus status = a.status;
        if (index == NONE || status == AuctionStatus.Cancelled || status == AuctionStatus.None) return false;
        return status == AuctionStatus.Active || index + 1 != a.top;
    }

    /// @dev Moves the escrowed piece to `to` with exactly DELIVERY_GAS (refused unless that much can be given);
    /// false when the collection or the receiving contract refused it.
    function _tryDeliver(address collection, uint256 itemId, address to) internal returns (bool ok) {
        _requireGas(DELIVERY_GAS, CALL_COST);
        bytes memory data = abi.encodeCall(IERC1155.safeTransferFrom, (address(this), to, itemId, 1, ""));
        assembly ("memory-safe") {
            ok := call(DELIVERY_GAS, collection, 0, add(data, 0x20), mload(data), 0, 0)
        }
    }

    /// @dev The piece goes back to the seller; if it cannot be delivered it is owed to them.
    function _returnPiece(AuctionRecord storage a, uint256 auctionId, address seller) internal {
        if (!_tryDeliver(a.collection, a.itemId, seller)) _park(auctionId, seller);
    }

    function _park(uint256 auctionId, address owner) internal {
        _unclaimed[auctionId] = owner;
        emit AuctionItemUnclaimed(auctionId, owner);
    }
}
