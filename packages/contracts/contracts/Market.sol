// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ERC1155Holder} from "@openzeppelin/contracts/token/ERC1155/utils/ERC1155Holder.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {IItems} from "./interfaces/IItems.sol";
import {IMarket} from "./interfaces/IMarket.sol";

/// @title Market, settlement of fixed-price sales, English auctions, offers and lazy-minting transfers
/// @notice See {IMarket} for the signed parameter structures, events and errors, and the package README for
/// the design. Payment is in an allowed ERC-20 (pulled with `transferFrom`) or KLAY (`msg.value`, exact).
/// Fixed-price sales pay the seller, the fee receiver and the author straight from the buyer (no escrow).
/// Bids and offers are escrowed here; every payout or refund from escrow is pushed, and a push that fails
/// (a reverting or gas-burning receiver) becomes a withdrawable balance, so nobody can block a trade.
contract Market is IMarket, EIP712, Ownable, ReentrancyGuardTransient, ERC1155Holder {
    using SafeERC20 for IERC20;

    // ------------------------------------------------------------------ constants

    uint256 public constant MAX_ROYALTY_BPS = 1_000;
    uint256 public constant MAX_FEE_BPS = 1_000;
    uint256 public constant MIN_FIXED_PRICE = 1 ether;
    uint256 public constant MIN_AUCTION_START_PRICE = 0.1 ether;
    uint256 public constant MAX_SALE_PERIOD = 180 days;
    /// @notice Gas forwarded with a pushed KLAY payout; a receiver needing more is paid by {withdraw}.
    uint256 public constant PUSH_GAS = 30_000;

    uint8 internal constant KIND_BUY = 1;
    uint8 internal constant KIND_AUCTION = 2;
    uint8 internal constant KIND_OFFER = 3;
    uint8 internal constant KIND_ACCEPT = 4;
    uint8 internal constant KIND_TRANSFER = 5;

    bytes32 public constant BUY_TYPEHASH =
        keccak256(
            "Buy(uint256 id,address collection,uint256 itemId,uint256 amount,uint256 mintAmount,address author,uint256 authorFee,address seller,address buyer,address token,uint256 pricePerOne,uint256 expiry)"
        );
    bytes32 public constant AUCTION_TYPEHASH =
        keccak256(
            "Auction(uint256 id,address collection,uint256 itemId,uint256 amount,address author,uint256 authorFee,address seller,address token,uint256 startPrice,uint256 endTime,bool isMinting,uint256 expiry)"
        );
    bytes32 public constant OFFER_TYPEHASH =
        keccak256(
            "Offer(uint256 id,address collection,uint256 itemId,uint256 amount,address author,uint256 authorFee,address buyer,address token,uint256 pricePerOne,uint256 expiry)"
        );
    bytes32 public constant ACCEPT_TYPEHASH =
        keccak256("Accept(uint256 id,uint256 offerId,address seller,uint256 amount,uint256 mintAmount,uint256 expiry)");
    bytes32 public constant TRANSFER_TYPEHASH =
        keccak256(
            "Transfer(uint256 id,address collection,uint256 itemId,address author,uint256 authorFee,address from,address to,uint256 amount,uint256 mintAmount,uint256 expiry)"
        );

    // ------------------------------------------------------------------ storage

    /// @dev Packed so a fixed-price sale reads validator and fee with one cold load.
    address private _validator;
    uint16 private _marketFee;
    uint16 private _availableRate;
    uint32 private _auctionDelay;

    address private _feeReceiver;

    mapping(address collection => bool) private _allowedContracts;
    mapping(address token => bool) private _allowedTokens;
    /// @dev Single-use ids of buys, accepts and transfers: a bitmap keyed by `kind << 248 | id >> 8`.
    mapping(uint256 word => uint256 bits) private _usedIds;
    mapping(uint256 auctionId => Auction) private _auctions;
    mapping(uint256 offerId => Offer) private _offers;
    mapping(address token => mapping(address account => uint256)) private _withdrawable;
    /// @dev Auctions whose won piece could not be delivered at settlement, and the winner it is owed to.
    mapping(uint256 auctionId => address winner) private _unclaimed;

    constructor(
        address initialOwner,
        address validator_,
        address feeReceiver_,
        uint256 marketFee_
    ) EIP712("AttMarket", "1") Ownable(initialOwner) {
        _setValidator(validator_);
        _setFeeReceiver(feeReceiver_);
        _setMarketFee(marketFee_);
        _setAvailableRate(500);
        _setAuctionDelay(600);
    }

    // ================================================================== fixed price

    /// @inheritdoc IMarket
    function buyNft(BuyParams calldata p, bytes calldata signature) external payable nonReentrant {
        if (msg.sender != p.buyer) revert MarketUnauthorizedCaller(msg.sender, p.buyer);
        _verify(_hash(BUY_TYPEHASH, p), p.expiry, signature);
        _useId(KIND_BUY, p.id);
        _checkItem(p.collection, p.amount, p.mintAmount, p.authorFee);
        // No allowed-token check here: the token is part of the signed parameters and a fixed-price sale pays
        // buyer -> recipients directly, so the Market never holds it. Escrowed flows (bids, offers) check it.
        if (p.pricePerOne < MIN_FIXED_PRICE) revert MarketPriceTooLow(MIN_FIXED_PRICE, p.pricePerOne);

        uint256 price = p.amount * p.pricePerOne;
        (uint256 fee, uint256 royalty) = _split(price, p.authorFee);
        if (p.token == address(0)) {
            if (msg.value != price) revert MarketIncorrectPayment(price, msg.value);
        } else if (msg.value != 0) {
            revert MarketIncorrectPayment(0, msg.value);
        }

        _deliver(p.collection, p.itemId, p.seller, p.buyer, p.amount, p.mintAmount, p.author, p.authorFee);
        emit NftBought(p.id, p.buyer, p.seller, p.collection, p.itemId, p.amount, p.token, price, fee, royalty);

        if (p.token == address(0)) {
            _payOut(address(0), p.seller, p.author, price, fee, royalty);
        } else {
            IERC20 token = IERC20(p.token);
            // Cannot underflow: fee and royalty are each at most 10% of price.
            unchecked {
                token.safeTransferFrom(msg.sender, p.seller, price - fee - royalty);
            }
            if (fee != 0) token.safeTransferFrom(msg.sender, _feeReceiver, fee);
            if (royalty != 0) token.safeTransferFrom(msg.sender, p.author, royalty);
        }
    }

    // ================================================================== auctions

    /// @inheritdoc IMarket
    function registerAuction(AuctionParams calldata p, bytes calldata signature) external nonReentrant {
        if (msg.sender != p.seller) revert MarketUnauthorizedCaller(msg.sender, p.seller);
        _verify(_hash(AUCTION_TYPEHASH, p), p.expiry, signature);
        Auction storage a = _auctions[p.id];
        if (a.status != AuctionStatus.None) revert MarketIdAlreadyUsed(KIND_AUCTION, p.id);
        if (p.amount != 1) revert MarketAuctionQuantityNotOne(p.amount);
        _checkItem(p.collection, 1, p.isMinting ? 1 : 0, p.authorFee);
        _checkToken(p.token);
        if (p.startPrice < MIN_AUCTION_START_PRICE) revert MarketPriceTooLow(MIN_AUCTION_START_PRICE, p.startPrice);
        if (p.endTime <= block.timestamp || p.endTime > block.timestamp + MAX_SALE_PERIOD) {
            revert MarketInvalidEndTime(p.endTime);
        }

        a.seller = p.seller;
        a.endTime = uint64(p.endTime); // fits: bounded by block.timestamp + MAX_SALE_PERIOD above
        a.status = AuctionStatus.Active;
        a.isMinting = p.isMinting;
        a.authorFee = uint16(p.authorFee); // fits: at most MAX_ROYALTY_BPS, checked by _checkItem
        a.collection = p.collection;
        a.itemId = p.itemId;
        a.author = p.author;
        a.token = p.token;
        a.startPrice = p.startPrice;
        emit AuctionRegistered(p.id, p.seller, p.collection, p.itemId, p.token, p.startPrice, p.endTime, p.isMinting);

        if (!p.isMinting) IItems(p.collection).safeTransferFrom(p.seller, address(this), p.itemId, 1, "");
    }

    /// @inheritdoc IMarket
    function placeBid(uint256 auctionId, uint256 amount) external payable nonReentrant {
        Auction storage a = _auctions[auctionId];
        if (a.status != AuctionStatus.Active) revert MarketAuctionNotActive(auctionId);
        uint256 endTime = a.endTime;
        if (block.timestamp >= endTime) revert MarketAuctionEnded(auctionId, endTime);
        if (msg.sender == a.seller) revert MarketSellerCannotBid(auctionId);
        uint256 minimum = _minimumBid(a);
        if (amount < minimum) revert MarketBidTooLow(minimum, amount);

        address token = a.token;
        address previousBidder = a.topBidder;
        uint256 previousBid = a.topBid;
        // Cannot underflow: endTime > block.timestamp was checked above.
        unchecked {
            if (endTime - block.timestamp < _auctionDelay) {
                endTime += _auctionDelay;
                a.endTime = uint64(endTime); // fits: a timestamp plus at most one day per bid
            }
        }
        a.topBidder = msg.sender;
        a.topBid = amount;
        emit BidPlaced(auctionId, msg.sender, amount, endTime);

        if (token == address(0)) {
            if (msg.value != amount) revert MarketIncorrectPayment(amount, msg.value);
            if (previousBidder != address(0)) {
                emit BidRefunded(auctionId, previousBidder, previousBid);
                _push(address(0), previousBidder, previousBid);
            }
        } else {
            if (msg.value != 0) revert MarketIncorrectPayment(0, msg.value);
            if (previousBidder == msg.sender) {
                // The same bidder replaces their bid: only the increase moves. Cannot underflow: a new
                // bid is at least the minimum, which is above the current top bid.
                emit BidRefunded(auctionId, msg.sender, previousBid);
                unchecked {
                    _pullExact(token, amount - previousBid);
                }
            } else {
                _pullExact(token, amount);
                if (previousBidder != address(0)) {
                    emit BidRefunded(auctionId, previousBidder, previousBid);
                    _push(token, previousBidder, previousBid);
                }
            }
        }
    }

    /// @inheritdoc IMarket
    function cancelBid(uint256 auctionId) external nonReentrant {
        Auction storage a = _auctions[auctionId];
        if (a.status != AuctionStatus.Active) revert MarketAuctionNotActive(auctionId);
        if (block.timestamp >= a.endTime) revert MarketAuctionEnded(auctionId, a.endTime);
        if (a.topBidder != msg.sender) revert MarketNoBid(auctionId, msg.sender);
        uint256 bid = a.topBid;
        a.topBidder = address(0);
        a.topBid = 0;
        emit BidCancelled(auctionId, msg.sender, bid);
        _push(a.token, msg.sender, bid);
    }

    /// @inheritdoc IMarket
    function cancelAuction(uint256 auctionId) external nonReentrant {
        Auction storage a = _auctions[auctionId];
        if (a.status != AuctionStatus.Active) revert MarketAuctionNotActive(auctionId);
        if (msg.sender != a.seller) revert MarketUnauthorizedCaller(msg.sender, a.seller);
        address bidder = a.topBidder;
        // A winning bid stands: once the auction is over with a bid, only settlement remains.
        if (bidder != address(0) && block.timestamp >= a.endTime) revert MarketAuctionEnded(auctionId, a.endTime);
        uint256 bid = a.topBid;
        a.status = AuctionStatus.Cancelled;
        a.topBidder = address(0);
        a.topBid = 0;
        emit AuctionCancelled(auctionId);

        if (bidder != address(0)) {
            emit BidRefunded(auctionId, bidder, bid);
            _push(a.token, bidder, bid);
        }
        if (!a.isMinting) IItems(a.collection).safeTransferFrom(address(this), a.seller, a.itemId, 1, "");
    }

    /// @inheritdoc IMarket
    function endAuction(uint256 auctionId) external nonReentrant {
        Auction storage a = _auctions[auctionId];
        if (a.status != AuctionStatus.Active) revert MarketAuctionNotActive(auctionId);
        if (block.timestamp < a.endTime) revert MarketAuctionNotEnded(auctionId, a.endTime);
        a.status = AuctionStatus.Ended;
        address winner = a.topBidder;
        IItems items = IItems(a.collection);

        if (winner == address(0)) {
            emit AuctionEnded(auctionId, address(0), 0, 0, 0);
            if (!a.isMinting) items.safeTransferFrom(address(this), a.seller, a.itemId, 1, "");
            return;
        }
        uint256 price = a.topBid;
        (uint256 fee, uint256 royalty) = _split(price, a.authorFee);
        emit AuctionEnded(auctionId, winner, price, fee, royalty);
        _payOut(a.token, a.seller, a.author, price, fee, royalty);
        // A winner contract that rejects (or burns the gas of) the delivery must not block the seller's payment:
        // the piece stays owed to the winner, who claims it to any address with claimAuctionItem.
        if (!_deliverWon(a, winner, true)) {
            _unclaimed[auctionId] = winner;
            emit AuctionItemUnclaimed(auctionId, winner);
        }
    }

    /// @inheritdoc IMarket
    function claimAuctionItem(uint256 auctionId, address to) external nonReentrant {
        if (msg.sender == address(0) || _unclaimed[auctionId] != msg.sender) revert MarketNothingToClaim(auctionId, msg.sender);
        if (to == address(0)) revert MarketZeroAddress();
        delete _unclaimed[auctionId];
        emit AuctionItemClaimed(auctionId, msg.sender, to);
        _deliverWon(_auctions[auctionId], to, false);
    }

    // ================================================================== offers

    /// @inheritdoc IMarket
    function makeOffer(OfferParams calldata p, bytes calldata signature) external payable nonReentrant {
        if (msg.sender != p.buyer) revert MarketUnauthorizedCaller(msg.sender, p.buyer);
        _verify(_hash(OFFER_TYPEHASH, p), p.expiry, signature);
        Offer storage o = _offers[p.id];
        if (o.buyer != address(0)) revert MarketIdAlreadyUsed(KIND_OFFER, p.id);
        _checkItem(p.collection, p.amount, 0, p.authorFee);
        _checkToken(p.token);
        if (p.pricePerOne == 0) revert MarketPriceTooLow(1, 0);

        uint256 total = p.amount * p.pricePerOne;
        o.buyer = p.buyer;
        o.expiry = p.expiry > type(uint64).max ? type(uint64).max : uint64(p.expiry);
        o.authorFee = uint16(p.authorFee); // fits: at most MAX_ROYALTY_BPS, checked by _checkItem
        o.collection = p.collection;
        o.itemId = p.itemId;
        o.author = p.author;
        o.token = p.token;
        o.pricePerOne = p.pricePerOne;
        o.remaining = p.amount;
        emit OfferMade(p.id, p.buyer, p.collection, p.itemId, p.amount, p.token, p.pricePerOne, p.expiry);

        if (p.token == address(0)) {
            if (msg.value != total) revert MarketIncorrectPayment(total, msg.value);
        } else {
            if (msg.value != 0) revert MarketIncorrectPayment(0, msg.value);
            _pullExact(p.token, total);
        }
    }

    /// @inheritdoc IMarket
    function acceptOffer(AcceptParams calldata p, bytes calldata signature) external nonReentrant {
        if (msg.sender != p.seller) revert MarketUnauthorizedCaller(msg.sender, p.seller);
        _verify(_hash(ACCEPT_TYPEHASH, p), p.expiry, signature);
        _useId(KIND_ACCEPT, p.id);
        Offer storage o = _offers[p.offerId];
        address buyer = o.buyer;
        if (buyer == address(0)) revert MarketOfferNotFound(p.offerId);
        if (block.timestamp > o.expiry) revert MarketOfferExpired(p.offerId, o.expiry);
        if (p.amount == 0 || p.mintAmount > p.amount) revert MarketInvalidAmount(p.amount, p.mintAmount);
        uint256 remaining = o.remaining;
        if (p.amount > remaining) revert MarketOfferAmountExceeded(remaining, p.amount);
        // Cannot underflow: checked against remaining just above.
        unchecked {
            o.remaining = remaining - p.amount;
        }

        uint256 price = p.amount * o.pricePerOne;
        uint16 authorFee = o.authorFee;
        address author = o.author;
        (uint256 fee, uint256 royalty) = _split(price, authorFee);
        emit OfferAccepted(p.id, p.offerId, p.seller, p.amount, p.mintAmount, price, fee, royalty);

        _deliver(o.collection, o.itemId, p.seller, buyer, p.amount, p.mintAmount, author, authorFee);
        _payOut(o.token, p.seller, author, price, fee, royalty);
    }

    /// @inheritdoc IMarket
    function cancelOffer(uint256 offerId, uint256 amount) external nonReentrant {
        Offer storage o = _offers[offerId];
        address buyer = o.buyer;
        if (buyer == address(0)) revert MarketOfferNotFound(offerId);
        // The buyer may cancel at any time; once expired, anyone may return the escrow to the buyer.
        if (msg.sender != buyer && block.timestamp <= o.expiry) revert MarketUnauthorizedCaller(msg.sender, buyer);
        uint256 remaining = o.remaining;
        if (amount == 0) revert MarketInvalidAmount(0, 0);
        if (amount > remaining) revert MarketOfferAmountExceeded(remaining, amount);
        // Cannot underflow: checked against remaining just above.
        unchecked {
            o.remaining = remaining - amount;
        }
        uint256 refund = amount * o.pricePerOne;
        emit OfferCancelled(offerId, amount, refund);
        _push(o.token, buyer, refund);
    }

    // ================================================================== transfers and withdrawals

    /// @inheritdoc IMarket
    function transferWithMint(TransferParams calldata p, bytes calldata signature) external nonReentrant {
        if (msg.sender != p.from) revert MarketUnauthorizedCaller(msg.sender, p.from);
        _verify(_hash(TRANSFER_TYPEHASH, p), p.expiry, signature);
        _useId(KIND_TRANSFER, p.id);
        _checkItem(p.collection, p.amount, p.mintAmount, p.authorFee);
        emit TransferredWithMint(p.id, p.from, p.to, p.collection, p.itemId, p.amount, p.mintAmount);
        _deliver(p.collection, p.itemId, p.from, p.to, p.amount, p.mintAmount, p.author, p.authorFee);
    }

    /// @inheritdoc IMarket
    function withdraw(address token) external nonReentrant {
        _withdraw(token, msg.sender);
    }

    /// @inheritdoc IMarket
    function withdrawTo(address token, address to) external nonReentrant {
        if (to == address(0)) revert MarketZeroAddress();
        _withdraw(token, to);
    }

    // ================================================================== owner settings

    function setMarketFee(uint256 feeBps) external onlyOwner {
        _setMarketFee(feeBps);
    }

    function setFeeReceiver(address feeReceiver_) external onlyOwner {
        _setFeeReceiver(feeReceiver_);
    }

    function setValidator(address validator_) external onlyOwner {
        _setValidator(validator_);
    }

    /// @notice Sets the auction extension: a bid placed with less than `delay` seconds left extends the end by `delay`.
    function setAuctionDelay(uint256 delay) external onlyOwner {
        _setAuctionDelay(delay);
    }

    /// @notice Sets the minimum raise over the top bid, in basis points (500 = 5%).
    function setAvailableRate(uint256 rate) external onlyOwner {
        _setAvailableRate(rate);
    }

    function setAllowedContract(address collection, bool allowed) external onlyOwner {
        _allowedContracts[collection] = allowed;
        emit AllowedContractUpdated(collection, allowed);
    }

    function setAllowedToken(address token, bool allowed) external onlyOwner {
        if (token == address(0)) revert MarketZeroAddress();
        _allowedTokens[token] = allowed;
        emit AllowedTokenUpdated(token, allowed);
    }

    // ================================================================== views

    function validator() external view returns (address) {
        return _validator;
    }

    function feeReceiver() external view returns (address) {
        return _feeReceiver;
    }

    /// @notice The platform fee in basis points (250 = 2.5%).
    function marketFee() external view returns (uint256) {
        return _marketFee;
    }

    /// @notice The minimum raise over the top bid in basis points; the web divides it by 10000.
    function availableRate() external view returns (uint256) {
        return _availableRate;
    }

    function auctionDelay() external view returns (uint256) {
        return _auctionDelay;
    }

    function isAllowedContract(address collection) external view returns (bool) {
        return _allowedContracts[collection];
    }

    /// @notice KLAY (`address(0)`) is always allowed.
    function isAllowedToken(address token) external view returns (bool) {
        return token == address(0) || _allowedTokens[token];
    }

    /// @notice Whether the single-use `id` of `kind` (1 buy, 2 auction, 3 offer, 4 accept, 5 transfer) is spent.
    function isIdUsed(uint8 kind, uint256 id) external view returns (bool) {
        if (kind == KIND_AUCTION) return _auctions[id].status != AuctionStatus.None;
        if (kind == KIND_OFFER) return _offers[id].buyer != address(0);
        return _usedIds[(uint256(kind) << 248) | (id >> 8)] & (1 << (id & 0xff)) != 0;
    }

    function getAuction(uint256 auctionId) external view returns (Auction memory) {
        return _auctions[auctionId];
    }

    /// @notice The smallest bid `placeBid` accepts now: the start price, or the top bid plus
    /// `top * availableRate / 10000` rounded up.
    function minimumBid(uint256 auctionId) external view returns (uint256) {
        return _minimumBid(_auctions[auctionId]);
    }

    function getOffer(uint256 offerId) external view returns (Offer memory) {
        return _offers[offerId];
    }

    /// @notice The winner still owed the piece of `auctionId` (zero when none).
    function unclaimedAuctionItem(uint256 auctionId) external view returns (address) {
        return _unclaimed[auctionId];
    }

    function withdrawable(address token, address account) external view returns (uint256) {
        return _withdrawable[token][account];
    }

    // ================================================================== internal

    /// @dev Gas kept back when delivering a won piece, so a failed delivery can still be recorded.
    uint256 private constant DELIVERY_GAS_RESERVE = 60_000;
    /// @dev Least gas a tolerant delivery must be offered. Without this floor, a gas estimate would find the
    /// cheaper path where the delivery runs out of gas and the piece is parked for every winner.
    uint256 private constant DELIVERY_GAS_MIN = 100_000;

    /// @dev Mints (lazy) or transfers (escrowed) the won piece to `to`. With `tolerant`, a failing delivery
    /// returns false instead of reverting, and the receiver gets all but DELIVERY_GAS_RESERVE of the gas.
    function _deliverWon(Auction storage a, address to, bool tolerant) internal returns (bool) {
        IItems items = IItems(a.collection);
        if (!tolerant) {
            if (a.isMinting) items.mint(to, a.itemId, 1, a.author, a.authorFee);
            else items.safeTransferFrom(address(this), to, a.itemId, 1, "");
            return true;
        }
        uint256 left = gasleft();
        if (left < DELIVERY_GAS_MIN + DELIVERY_GAS_RESERVE) {
            revert MarketInsufficientGas(DELIVERY_GAS_MIN + DELIVERY_GAS_RESERVE, left);
        }
        uint256 g;
        // Cannot underflow: left >= DELIVERY_GAS_MIN + DELIVERY_GAS_RESERVE, checked just before.
        unchecked {
            g = left - DELIVERY_GAS_RESERVE;
        }
        if (a.isMinting) {
            try items.mint{gas: g}(to, a.itemId, 1, a.author, a.authorFee) {
                return true;
            } catch {
                return false;
            }
        }
        try items.safeTransferFrom{gas: g}(address(this), to, a.itemId, 1, "") {
            return true;
        } catch {
            return false;
        }
    }

    function _verify(bytes32 structHash, uint256 expiry, bytes calldata signature) internal view {
        if (block.timestamp > expiry) revert MarketSignatureExpired(expiry, block.timestamp);
        (address signer, ECDSA.RecoverError err, ) = ECDSA.tryRecoverCalldata(_hashTypedDataV4(structHash), signature);
        if (err != ECDSA.RecoverError.NoError || signer != _validator) revert MarketInvalidSignature();
    }

    // EIP-712 struct hashes: every parameter struct is static (one word per field, in declaration order), so
    // its calldata bytes are exactly its EIP-712 encoding; hashing them in place avoids a decode and re-encode.
    // A field with dirty high bits changes the hash, so such a call fails the signature check.

    function _hash(bytes32 typeHash, BuyParams calldata p) internal pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), p, 0x180)
            h := keccak256(ptr, 0x1a0)
        }
    }

    function _hash(bytes32 typeHash, AuctionParams calldata p) internal pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), p, 0x180)
            h := keccak256(ptr, 0x1a0)
        }
    }

    function _hash(bytes32 typeHash, OfferParams calldata p) internal pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), p, 0x140)
            h := keccak256(ptr, 0x160)
        }
    }

    function _hash(bytes32 typeHash, AcceptParams calldata p) internal pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), p, 0xc0)
            h := keccak256(ptr, 0xe0)
        }
    }

    function _hash(bytes32 typeHash, TransferParams calldata p) internal pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), p, 0x140)
            h := keccak256(ptr, 0x160)
        }
    }

    function _useId(uint8 kind, uint256 id) internal {
        uint256 word = (uint256(kind) << 248) | (id >> 8);
        uint256 bit = 1 << (id & 0xff);
        uint256 bits = _usedIds[word];
        if (bits & bit != 0) revert MarketIdAlreadyUsed(kind, id);
        _usedIds[word] = bits | bit;
    }

    function _checkItem(address collection, uint256 amount, uint256 mintAmount, uint256 authorFee) internal view {
        if (!_allowedContracts[collection]) revert MarketContractNotAllowed(collection);
        if (amount == 0 || mintAmount > amount) revert MarketInvalidAmount(amount, mintAmount);
        if (authorFee > MAX_ROYALTY_BPS) revert MarketRoyaltyTooHigh(MAX_ROYALTY_BPS, authorFee);
    }

    function _checkToken(address token) internal view {
        if (token != address(0) && !_allowedTokens[token]) revert MarketTokenNotAllowed(token);
    }

    /// @dev fee and royalty are floored; the seller gets the remainder, so the three add up to `price` exactly.
    function _split(uint256 price, uint256 authorFee) internal view returns (uint256 fee, uint256 royalty) {
        fee = (price * _marketFee) / 10_000;
        royalty = (price * authorFee) / 10_000;
    }

    function _minimumBid(Auction storage a) internal view returns (uint256) {
        uint256 top = a.topBid;
        if (top == 0) return a.startPrice;
        return top + (top * _availableRate + 9_999) / 10_000;
    }

    /// @dev Moves `amount - mintAmount` pieces from `from` (the Market is its operator) and mints `mintAmount`.
    function _deliver(
        address collection,
        uint256 itemId,
        address from,
        address to,
        uint256 amount,
        uint256 mintAmount,
        address author,
        uint256 authorFee
    ) internal {
        // Cannot underflow: _checkItem (or acceptOffer) ensured mintAmount <= amount.
        unchecked {
            if (amount != mintAmount) IItems(collection).safeTransferFrom(from, to, itemId, amount - mintAmount, "");
        }
        // authorFee fits uint96: at most MAX_ROYALTY_BPS.
        if (mintAmount != 0) IItems(collection).mint(to, itemId, mintAmount, author, uint96(authorFee));
    }

    /// @dev Pays `price` held here (or KLAY received with this call) to seller, fee receiver and author.
    function _payOut(address token, address seller, address author, uint256 price, uint256 fee, uint256 royalty) internal {
        // Cannot underflow: fee and royalty are each at most 10% of price.
        unchecked {
            _push(token, seller, price - fee - royalty);
        }
        if (fee != 0) _push(token, _feeReceiver, fee);
        if (royalty != 0) _push(token, author, royalty);
    }

    /// @dev Pushes a payment; if the receiver reverts, runs out of the forwarded gas, or the token transfer
    /// fails, the amount becomes withdrawable instead. KLAY is sent with `PUSH_GAS` and no return data copy.
    function _push(address token, address to, uint256 amount) internal {
        if (amount == 0) return;
        bool ok;
        if (token == address(0)) {
            assembly ("memory-safe") {
                ok := call(PUSH_GAS, to, amount, 0, 0, 0, 0)
            }
        } else {
            ok = IERC20(token).trySafeTransfer(to, amount);
        }
        if (!ok) {
            _withdrawable[token][to] += amount;
            emit PaymentDeferred(to, token, amount);
        }
    }

    /// @dev Pulls `amount` of `token` from the caller into escrow and requires the balance to grow by exactly
    /// that much, so a fee-on-transfer or rebasing token cannot leave escrow short.
    function _pullExact(address token, uint256 amount) internal {
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        if (received != amount) revert MarketTokenTransferMismatch(amount, received);
    }

    function _withdraw(address token, address to) internal {
        uint256 amount = _withdrawable[token][msg.sender];
        if (amount == 0) revert MarketNothingToWithdraw(token, msg.sender);
        _withdrawable[token][msg.sender] = 0;
        emit Withdrawn(msg.sender, token, to, amount);
        if (token == address(0)) {
            Address.sendValue(payable(to), amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }

    function _setValidator(address validator_) internal {
        if (validator_ == address(0)) revert MarketZeroAddress();
        _validator = validator_;
        emit ValidatorUpdated(validator_);
    }

    function _setFeeReceiver(address feeReceiver_) internal {
        if (feeReceiver_ == address(0)) revert MarketZeroAddress();
        _feeReceiver = feeReceiver_;
        emit FeeReceiverUpdated(feeReceiver_);
    }

    function _setMarketFee(uint256 feeBps) internal {
        if (feeBps > MAX_FEE_BPS) revert MarketFeeTooHigh(MAX_FEE_BPS, feeBps);
        _marketFee = uint16(feeBps); // fits: at most MAX_FEE_BPS
        emit MarketFeeUpdated(feeBps);
    }

    function _setAvailableRate(uint256 rate) internal {
        if (rate == 0 || rate > 10_000) revert MarketInvalidRate(rate);
        _availableRate = uint16(rate); // fits: at most 10_000
        emit AvailableRateUpdated(rate);
    }

    function _setAuctionDelay(uint256 delay) internal {
        if (delay == 0 || delay > 1 days) revert MarketInvalidDelay(delay);
        _auctionDelay = uint32(delay); // fits: at most 1 day
        emit AuctionDelayUpdated(delay);
    }
}
