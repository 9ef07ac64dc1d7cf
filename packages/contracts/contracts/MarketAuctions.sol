// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IItems} from "./interfaces/IItems.sol";
import {IMarketAuctions} from "./interfaces/IMarketAuctions.sol";
import {MarketBase} from "./MarketBase.sol";

/// @title MarketAuctions, the Market's English auctions with the spec's bid book
/// @notice Runs only by delegatecall from the {Market} (its fallback), in the Market's storage and escrow, so
/// the auctions answer at the Market's address with the Market's ABI. Deployed once, before the Market.
/// The fee, minimum raise and extension are copied into each auction at registration and never change.
contract MarketAuctions is MarketBase, IMarketAuctions {
    bytes32 public constant AUCTION_TYPEHASH =
        keccak256(
            "Auction(uint256 id,address collection,uint256 itemId,address seller,address token,uint256 startPrice,uint256 endTime,bool isMinting,uint256 editionSize,uint256 royaltyBps,uint256 expiry)"
        );

    /// @dev Gas kept back when delivering to a contract, so a refused delivery can still be recorded.
    uint256 private constant DELIVERY_GAS_RESERVE = 60_000;
    /// @dev Least gas a delivery to a contract must be offered. Without this floor, a gas estimate would find the
    /// cheaper path where the delivery runs out of gas and the piece is parked for every contract winner.
    uint256 private constant DELIVERY_GAS_MIN = 100_000;

    address private immutable _self = address(this);

    constructor() MarketBase(msg.sender) {}

    modifier onlyDelegated() {
        if (address(this) == _self) revert MarketModuleDirectCall();
        _;
    }

    /// @inheritdoc IMarketAuctions
    function registerAuction(AuctionParams calldata p, bytes calldata signature) external onlyDelegated nonReentrant {
        if (msg.sender != p.seller) revert MarketUnauthorizedCaller(msg.sender, p.seller);
        uint256 offset;
        assembly ("memory-safe") {
            offset := p
        }
        _verify(_hashCalldata(AUCTION_TYPEHASH, offset, 0x160), p.expiry, signature);
        Auction storage a = _auctions[p.id];
        if (a.status != AuctionStatus.None) revert MarketIdAlreadyUsed(KIND_AUCTION, p.id);
        _checkCollection(p.collection);
        _checkToken(p.token);
        if (p.startPrice < MIN_AUCTION_START_PRICE) revert MarketPriceTooLow(MIN_AUCTION_START_PRICE, p.startPrice);
        if (p.endTime <= block.timestamp || p.endTime > block.timestamp + MAX_SALE_PERIOD) {
            revert MarketInvalidEndTime(p.endTime);
        }

        a.seller = p.seller;
        a.endTime = uint64(p.endTime); // fits: bounded by block.timestamp + MAX_SALE_PERIOD above
        a.status = AuctionStatus.Active;
        a.feeBps = _marketFee;
        a.collection = p.collection;
        a.raiseBps = _availableRate;
        a.extension = _auctionDelay;
        a.itemId = p.itemId;
        a.token = p.token;
        a.startPrice = p.startPrice;
        emit AuctionRegistered(p.id, p.seller, p.collection, p.itemId, p.token, p.startPrice, p.endTime, p.isMinting);

        // The piece goes into escrow now: minted on the creator's own authority (Items checks the seller is the
        // item's creator and the edition), or moved from the seller.
        if (p.isMinting) IItems(p.collection).mint(address(this), p.itemId, 1, p.seller, p.editionSize, p.royaltyBps);
        else IItems(p.collection).safeTransferFrom(p.seller, address(this), p.itemId, 1, "");
    }

    /// @inheritdoc IMarketAuctions
    function placeBid(uint256 auctionId, uint256 amount) external payable onlyDelegated nonReentrant {
        Auction storage a = _auctions[auctionId];
        if (a.status != AuctionStatus.Active) revert MarketAuctionNotActive(auctionId);
        uint256 endTime = a.endTime;
        if (block.timestamp >= endTime) revert MarketAuctionEnded(auctionId, endTime);
        if (msg.sender == a.seller) revert MarketSellerCannotBid(auctionId);
        uint256 minimum = _minimumBid(a);
        if (amount < minimum) revert MarketBidTooLow(minimum, amount);

        mapping(address => uint256) storage bids = _bids[auctionId];
        uint256 previous = bids[msg.sender];
        address evicted;
        uint256 evictedBid;
        if (previous != 0) {
            // The same bidder's new bid replaces their earlier one (state 1); only the increase is paid in.
            emit BidRefunded(auctionId, msg.sender, previous);
        } else {
            address[] storage bidders = _bidders[auctionId];
            if (bidders.length == MAX_LIVE_BIDS) {
                // A full book: the lowest live bid is pushed out (refunded) to make room.
                (uint256 index, uint256 lowest) = _lowest(bids, bidders);
                evicted = bidders[index];
                evictedBid = lowest;
                _removeAt(bidders, index);
                delete bids[evicted];
                emit BidRefunded(auctionId, evicted, lowest);
            }
            bidders.push(msg.sender);
        }
        bids[msg.sender] = amount;
        // Cannot underflow: endTime > block.timestamp was checked above.
        unchecked {
            uint256 extension = a.extension;
            if (endTime - block.timestamp < extension) {
                endTime += extension;
                a.endTime = uint64(endTime); // fits: a timestamp plus at most one day per bid
            }
        }
        a.topBidder = msg.sender;
        a.topBid = amount;
        emit BidPlaced(auctionId, msg.sender, amount, endTime);

        // Cannot underflow: amount >= minimum > top bid >= previous.
        unchecked {
            _takePayment(a.token, amount - previous);
        }
        if (evicted != address(0)) _push(a.token, evicted, evictedBid);
    }

    /// @inheritdoc IMarketAuctions
    function cancelBid(uint256 auctionId) external onlyDelegated nonReentrant {
        Auction storage a = _auctions[auctionId];
        mapping(address => uint256) storage bids = _bids[auctionId];
        uint256 bid = bids[msg.sender];
        if (bid == 0) revert MarketNoBid(auctionId, msg.sender);
        delete bids[msg.sender];
        if (a.status == AuctionStatus.Active) {
            address[] storage bidders = _bidders[auctionId];
            _removeAt(bidders, _indexOf(bidders, msg.sender));
            if (a.topBidder == msg.sender) {
                // The top bid may be withdrawn only while more than the extension window remains; then the
                // next-highest live bid becomes the top. Once the auction is over, the top bid has won.
                uint256 endTime = a.endTime;
                if (block.timestamp + a.extension >= endTime) revert MarketTooLateToCancel(auctionId, endTime);
                (address next, uint256 nextBid) = _highest(bids, bidders);
                a.topBidder = next;
                a.topBid = nextBid;
            }
        }
        // Otherwise the auction was settled (the winner's bid is no longer live) and this bid lost.
        emit BidCancelled(auctionId, msg.sender, bid);
        _push(a.token, msg.sender, bid);
    }

    /// @inheritdoc IMarketAuctions
    function cancelAuction(uint256 auctionId) external onlyDelegated nonReentrant {
        Auction storage a = _auctions[auctionId];
        if (a.status != AuctionStatus.Active) revert MarketAuctionNotActive(auctionId);
        if (msg.sender != a.seller) revert MarketUnauthorizedCaller(msg.sender, a.seller);
        uint256 endTime = a.endTime;
        if (a.topBidder != address(0) && block.timestamp + a.extension >= endTime) {
            revert MarketTooLateToCancel(auctionId, endTime);
        }
        a.status = AuctionStatus.Cancelled;
        a.topBidder = address(0);
        a.topBid = 0;
        emit AuctionCancelled(auctionId);

        // The seller pays the gas of refunding every live bid (at most MAX_LIVE_BIDS).
        address[] memory bidders = _bidders[auctionId];
        delete _bidders[auctionId];
        mapping(address => uint256) storage bids = _bids[auctionId];
        uint256[] memory amounts = new uint256[](bidders.length);
        for (uint256 i; i < bidders.length; ++i) {
            amounts[i] = bids[bidders[i]];
            delete bids[bidders[i]];
            emit BidRefunded(auctionId, bidders[i], amounts[i]);
        }
        address token = a.token;
        for (uint256 i; i < bidders.length; ++i) _push(token, bidders[i], amounts[i]);
        _deliverOrPark(a, auctionId, a.seller);
    }

    /// @inheritdoc IMarketAuctions
    function endAuction(uint256 auctionId) external onlyDelegated nonReentrant {
        Auction storage a = _auctions[auctionId];
        if (a.status != AuctionStatus.Active) revert MarketAuctionNotActive(auctionId);
        if (block.timestamp < a.endTime) revert MarketAuctionNotEnded(auctionId, a.endTime);
        a.status = AuctionStatus.Ended;
        address winner = a.topBidder;
        if (winner == address(0)) {
            emit AuctionEnded(auctionId, address(0), 0, 0, 0);
            _deliverOrPark(a, auctionId, a.seller);
            return;
        }
        // The winning bid leaves the book; the losing bids stay withdrawable by their bidders (cancelBid).
        uint256 price = a.topBid;
        delete _bids[auctionId][winner];
        (address royaltyReceiver, uint256 royalty) = _royalty(a.collection, a.itemId, price);
        uint256 fee = (price * a.feeBps) / 10_000;
        emit AuctionEnded(auctionId, winner, price, fee, royalty);
        // Deliver before paying: only a receiving contract's refusal is tolerated (the piece is then claimed later).
        _deliverOrPark(a, auctionId, winner);
        _payOut(a.token, a.seller, royaltyReceiver, price, fee, royalty);
    }

    /// @inheritdoc IMarketAuctions
    function claimAuctionItem(uint256 auctionId, address to) external onlyDelegated nonReentrant {
        if (msg.sender == address(0) || _unclaimed[auctionId] != msg.sender) revert MarketNothingToClaim(auctionId, msg.sender);
        _checkParty(to);
        delete _unclaimed[auctionId];
        emit AuctionItemClaimed(auctionId, msg.sender, to);
        Auction storage a = _auctions[auctionId];
        IItems(a.collection).safeTransferFrom(address(this), to, a.itemId, 1, "");
    }

    // ------------------------------------------------------------------ views

    /// @inheritdoc IMarketAuctions
    function getAuction(uint256 auctionId) external view returns (Auction memory) {
        return _auctions[auctionId];
    }

    /// @notice The smallest bid `placeBid` accepts now: the start price, or the top bid plus the auction's raise
    /// (`top * raiseBps / 10000`, rounded up).
    function minimumBid(uint256 auctionId) external view returns (uint256) {
        return _minimumBid(_auctions[auctionId]);
    }

    /// @notice `bidder`'s live (or, after settlement, losing and withdrawable) bid.
    function bidOf(uint256 auctionId, address bidder) external view returns (uint256) {
        return _bids[auctionId][bidder];
    }

    /// @notice Bidders with a live bid while the auction runs (unordered).
    function liveBidders(uint256 auctionId) external view returns (address[] memory) {
        return _bidders[auctionId];
    }

    /// @notice The account still owed the piece of `auctionId` (zero when none).
    function unclaimedAuctionItem(uint256 auctionId) external view returns (address) {
        return _unclaimed[auctionId];
    }

    // ------------------------------------------------------------------ internal

    function _minimumBid(Auction storage a) internal view returns (uint256) {
        uint256 top = a.topBid;
        if (top == 0) return a.startPrice;
        return top + (top * a.raiseBps + 9_999) / 10_000;
    }

    /// @dev Delivers the escrowed piece to `to`. To an EOA any failure reverts; a contract's refusal (revert or
    /// running out of the forwarded gas) parks the piece for {claimAuctionItem} so it cannot block the auction.
    function _deliverOrPark(Auction storage a, uint256 auctionId, address to) internal {
        IItems items = IItems(a.collection);
        uint256 itemId = a.itemId;
        if (to.code.length == 0) {
            items.safeTransferFrom(address(this), to, itemId, 1, "");
            return;
        }
        uint256 left = gasleft();
        if (left < DELIVERY_GAS_MIN + DELIVERY_GAS_RESERVE) {
            revert MarketInsufficientGas(DELIVERY_GAS_MIN + DELIVERY_GAS_RESERVE, left);
        }
        // Cannot underflow: left >= DELIVERY_GAS_MIN + DELIVERY_GAS_RESERVE, checked just before.
        uint256 g;
        unchecked {
            g = left - DELIVERY_GAS_RESERVE;
        }
        try items.safeTransferFrom{gas: g}(address(this), to, itemId, 1, "") {} catch {
            _unclaimed[auctionId] = to;
            emit AuctionItemUnclaimed(auctionId, to);
        }
    }

    function _lowest(
        mapping(address => uint256) storage bids,
        address[] storage bidders
    ) internal view returns (uint256 index, uint256 lowest) {
        lowest = type(uint256).max;
        for (uint256 i; i < bidders.length; ++i) {
            uint256 b = bids[bidders[i]];
            if (b < lowest) (index, lowest) = (i, b);
        }
    }

    function _highest(
        mapping(address => uint256) storage bids,
        address[] storage bidders
    ) internal view returns (address bidder, uint256 highest) {
        for (uint256 i; i < bidders.length; ++i) {
            uint256 b = bids[bidders[i]];
            if (b > highest) (bidder, highest) = (bidders[i], b);
        }
    }

    function _indexOf(address[] storage bidders, address bidder) internal view returns (uint256 i) {
        while (bidders[i] != bidder) ++i; // the bidder is listed: its bid is live
    }

    function _removeAt(address[] storage bidders, uint256 index) internal {
        uint256 last = bidders.length - 1;
        if (index != last) bidders[index] = bidders[last];
        bidders.pop();
    }
}
