// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {IERC1155Receiver} from "@openzeppelin/contracts/token/ERC1155/IERC1155Receiver.sol";
import {IERC165} from "@openzeppelin/contracts/utils/introspection/IERC165.sol";
import {IERC1155} from "@openzeppelin/contracts/token/ERC1155/IERC1155.sol";
import {IERC1271} from "@openzeppelin/contracts/interfaces/IERC1271.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {SignatureChecker} from "@openzeppelin/contracts/utils/cryptography/SignatureChecker.sol";
import {Address} from "@openzeppelin/contracts/utils/Address.sol";
import {IItems} from "./interfaces/IItems.sol";
import {IMarket} from "./interfaces/IMarket.sol";
import {MarketModule} from "./MarketModule.sol";
import {MarketBase} from "./MarketBase.sol";

/// @title Market, settlement of seller-signed fixed-price listings, offers and lazy-minting transfers; the
/// auctions run in {MarketAuctions} by delegatecall at this same address (one escrow, one ABI).
/// @notice See {IMarketTypes} for who signs what, and the package README for the flows. Payment is in an allowed
/// ERC-20 (pulled with `transferFrom`) or KLAY (`msg.value`, exact). Fixed-price sales pay the seller, the fee
/// receiver and the royalty receiver straight from the buyer. Offers are escrowed here; payouts from escrow are
/// pushed with capped gas, and a push that fails becomes a withdrawable balance, so nobody can block a trade.
contract Market is MarketBase, IMarket, IERC1155Receiver {
    using SafeERC20 for IERC20;

    bytes32 public constant LISTING_TYPEHASH =
        keccak256(
            "Listing(address seller,address collection,uint256 itemId,address token,uint256 pricePerOne,uint256 amount,uint256 editionSize,uint256 royaltyBps,uint256 feeBps,uint256 expiry,uint256 salt,uint256 counter)"
        );
    bytes32 public constant BUY_TYPEHASH =
        keccak256("Buy(bytes32 listingHash,address buyer,uint256 amount,uint256 id,uint256 expiry)");
    bytes32 public constant OFFER_TYPEHASH =
        keccak256(
            "Offer(uint256 id,address collection,uint256 itemId,uint256 amount,address buyer,address token,uint256 pricePerOne,uint256 expiry)"
        );
    bytes32 public constant ACCEPT_TYPEHASH =
        keccak256(
            "Accept(uint256 id,uint256 offerId,address seller,uint256 amount,uint256 mintAmount,uint256 editionSize,uint256 royaltyBps,uint256 expiry)"
        );
    bytes32 public constant TRANSFER_TYPEHASH =
        keccak256(
            "Transfer(uint256 id,address collection,uint256 itemId,address from,address to,uint256 amount,uint256 mintAmount,uint256 editionSize,uint256 royaltyBps,uint256 expiry)"
        );

    /// @notice Gas a cart gives each call it makes to a party: a contract seller's EIP-1271 check and each
    /// delivery (the collection's transfer or mint and the buyer's hook). A seller or collection that reverts or
    /// burns it is skipped, and the rest of the cart still fills.
    uint256 public constant CART_CALL_GAS = 150_000;
    /// @notice Most listings one cart takes (the bitmap `buyNfts` returns).
    uint256 public constant MAX_CART = 50;

    /// @dev {MarketAuctions}, run by delegatecall for every function this contract does not define.
    address private immutable _auctionModule;

    /// @param items_ The platform's collection and `att_` its payment token (allowed by the owner like any other,
    /// cheaper to check); the auction module must have been deployed with the same two.
    constructor(
        address initialOwner,
        address validator_,
        address feeReceiver_,
        uint256 marketFee_,
        address auctionModule_,
        address items_,
        address att_
    ) MarketBase(initialOwner, items_, att_) {
        if (auctionModule_.code.length == 0) revert MarketZeroAddress();
        if (MarketModule(auctionModule_).platformCollection() != items_ || MarketModule(auctionModule_).platformToken() != att_) {
            revert MarketModuleMismatch(auctionModule_);
        }
        _auctionModule = auctionModule_;
        _setValidator(validator_);
        _setFeeReceiver(feeReceiver_);
        _setMarketFee(marketFee_);
        _setAvailableRate(500);
        _setAuctionDelay(600);
    }

    /// @notice The auction functions ({IMarketAuctions}) run in the auction module, in this contract's storage.
    /// Plain KLAY transfers (no calldata) are refused.
    fallback() external payable {
        _delegate(_auctionModule);
    }

    /// @notice Plain KLAY transfers are refused (KLAY comes in only with a buy, an offer or a bid).
    receive() external payable {
        revert MarketIncorrectPayment(0, msg.value);
    }

    // ================================================================== fixed price

    /// @inheritdoc IMarket
    function buyNft(
        Listing calldata listing,
        bytes calldata sellerSignature,
        Reservation calldata reservation,
        bytes calldata validatorSignature
    ) external payable nonReentrant {
        if (msg.sender != reservation.buyer) revert MarketUnauthorizedCaller(msg.sender, reservation.buyer);
        bytes32 listingHash = _listingDigest(listing);
        _verify(_hashBuy(listingHash, reservation), reservation.expiry, validatorSignature);
        _useId(KIND_BUY, reservation.id);

        address seller = listing.seller;
        if (block.timestamp > listing.expiry) revert MarketSignatureExpired(listing.expiry, block.timestamp);
        _checkParty(seller);
        if (listing.counter != _counters[seller]) revert MarketListingCancelled(listingHash);
        uint256 amount = reservation.amount;
        uint256 listed = listing.amount;
        uint256 filled = _filled[listingHash];
        if (filled > listed) revert MarketListingCancelled(listingHash);
        // Cannot underflow: filled <= listed, checked just above; the sum is at most listed.
        unchecked {
            if (amount == 0 || amount > listed - filled) revert MarketListingAmountExceeded(listed - filled, amount);
            _filled[listingHash] = filled + amount;
        }
        if (!SignatureChecker.isValidSignatureNowCalldata(seller, listingHash, sellerSignature)) {
            revert MarketInvalidSellerSignature();
        }
        address collection = listing.collection;
        address token = listing.token;
        _checkCollection(collection);
        _checkToken(token);
        // The listing pays the lower of the fee its seller signed and the fee in force (a signed fee below the one
        // in force is refused, so that is the fee in force).
        uint256 feeBps = _marketFee;
        if (listing.feeBps < feeBps || listing.feeBps > MAX_FEE_BPS) revert MarketFeeMismatch(listing.feeBps, feeBps);
        if (listing.pricePerOne < MIN_FIXED_PRICE) revert MarketPriceTooLow(MIN_FIXED_PRICE, listing.pricePerOne);

        // Deliver first: the pieces move (or are minted on the creator's signed authority) to the buyer.
        uint256 itemId = listing.itemId;
        uint256 price = amount * listing.pricePerOne;
        address royaltyReceiver;
        uint256 royalty;
        if (listing.editionSize == 0) {
            IItems(collection).safeTransferFrom(seller, msg.sender, itemId, amount, "");
            (royaltyReceiver, royalty) = _royalty(collection, itemId, price);
        } else {
            // Items refuses unless the seller is the item's creator and the edition size and royalty are the
            // ones it records (or records now), so the royalty is Items' own and goes to the seller.
            IItems(collection).mint(msg.sender, itemId, amount, seller, listing.editionSize, listing.royaltyBps);
            royaltyReceiver = seller;
            royalty = (price * listing.royaltyBps) / 10_000;
        }
        uint256 fee = (price * feeBps) / 10_000;
        emit NftBought(reservation.id, listingHash, msg.sender, seller, collection, itemId, amount, token, price, fee, royalty);

        // Cannot underflow: fee and royalty are each at most 10% of price.
        uint256 toSeller;
        unchecked {
            toSeller = price - fee - royalty;
            // The creator selling their own item receives the royalty with the price, in one transfer.
            if (royaltyReceiver == seller) (toSeller, royalty) = (toSeller + royalty, 0);
        }
        if (token == address(0)) {
            if (msg.value != price) revert MarketIncorrectPayment(price, msg.value);
            _push(address(0), seller, toSeller);
            if (fee != 0) _push(address(0), _feeReceiver, fee);
            if (royalty != 0) _push(address(0), royaltyReceiver, royalty);
        } else {
            if (msg.value != 0) revert MarketIncorrectPayment(0, msg.value);
            IERC20(token).safeTransferFrom(msg.sender, seller, toSeller);
            if (fee != 0) IERC20(token).safeTransferFrom(msg.sender, _feeReceiver, fee);
            if (royalty != 0) IERC20(token).safeTransferFrom(msg.sender, royaltyReceiver, royalty);
        }
    }

    /// @inheritdoc IMarket
    function buyNfts(address token, CartOrder[] calldata orders) external payable nonReentrant returns (uint256 bought) {
        _checkToken(token);
        if (token != address(0) && msg.value != 0) revert MarketIncorrectPayment(0, msg.value);
        if (orders.length == 0 || orders.length > MAX_CART) revert MarketInvalidAmount(orders.length, 0);
        uint256 spent;
        uint256 fees;
        for (uint256 i; i < orders.length; ++i) {
            // KLAY: what is left of msg.value bounds each fill; a token: the buyer's balance and allowance do.
            (uint256 price, uint256 fee) = _cartBuy(token, orders[i], token == address(0) ? msg.value - spent : type(uint256).max);
            if (price != 0) {
                bought |= 1 << i;
                spent += price;
                fees += fee;
            }
        }
        // The fees of every fill in one payment; the unspent KLAY back to the buyer in this same transaction.
        if (token == address(0)) {
            _push(address(0), _feeReceiver, fees);
            _push(address(0), msg.sender, msg.value - spent);
        } else if (fees != 0) {
            IERC20(token).safeTransferFrom(msg.sender, _feeReceiver, fees);
        }
    }

    /// @inheritdoc IMarket
    function voidBuy(
        bytes32 listingHash,
        Reservation calldata reservation,
        bytes calldata validatorSignature
    ) external nonReentrant {
        if (msg.sender != reservation.buyer) revert MarketUnauthorizedCaller(msg.sender, reservation.buyer);
        _verify(_hashBuy(listingHash, reservation), reservation.expiry, validatorSignature);
        _useId(KIND_BUY, reservation.id);
        emit BuyVoided(reservation.id, listingHash, msg.sender);
    }

    /// @inheritdoc IMarket
    function cancelListing(Listing calldata listing) external nonReentrant {
        if (msg.sender != listing.seller) revert MarketUnauthorizedCaller(msg.sender, listing.seller);
        bytes32 listingHash = _listingDigest(listing);
        _filled[listingHash] = type(uint256).max;
        emit ListingCancelled(listingHash, msg.sender);
    }

    /// @inheritdoc IMarket
    function incrementCounter() external nonReentrant returns (uint256 counter) {
        // Cannot overflow: one increment per transaction.
        unchecked {
            counter = ++_counters[msg.sender];
        }
        emit CounterIncremented(msg.sender, counter);
    }

    // ================================================================== offers

    /// @inheritdoc IMarket
    function makeOffer(OfferParams calldata p, bytes calldata signature) external payable nonReentrant {
        if (msg.sender != p.buyer) revert MarketUnauthorizedCaller(msg.sender, p.buyer);
        uint256 offset;
        assembly ("memory-safe") {
            offset := p
        }
        _verify(_hashCalldata(OFFER_TYPEHASH, offset, 0x100), p.expiry, signature);
        Offer storage o = _offers[p.id];
        if (o.buyer != address(0)) revert MarketIdAlreadyUsed(KIND_OFFER, p.id);
        _checkCollection(p.collection);
        _checkToken(p.token);
        if (p.amount == 0) revert MarketInvalidAmount(0, 0);
        if (p.pricePerOne < MIN_FIXED_PRICE) revert MarketPriceTooLow(MIN_FIXED_PRICE, p.pricePerOne);

        uint256 total = p.amount * p.pricePerOne;
        o.buyer = p.buyer;
        o.expiry = p.expiry > type(uint64).max ? type(uint64).max : uint64(p.expiry);
        o.feeBps = _marketFee;
        o.collection = p.collection;
        o.itemId = p.itemId;
        o.token = p.token;
        o.pricePerOne = p.pricePerOne;
        o.remaining = p.amount;
        emit OfferMade(p.id, p.buyer, p.collection, p.itemId, p.amount, p.token, p.pricePerOne, p.expiry);
        _takePayment(p.token, total);
    }

    /// @inheritdoc IMarket
    function acceptOffer(AcceptParams calldata p, bytes calldata signature) external nonReentrant {
        if (msg.sender != p.seller) revert MarketUnauthorizedCaller(msg.sender, p.seller);
        uint256 offset;
        assembly ("memory-safe") {
            offset := p
        }
        _verify(_hashCalldata(ACCEPT_TYPEHASH, offset, 0x100), p.expiry, signature);
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

        // A collection or token disallowed since the offer was made fills no more of it (it can still be cancelled).
        address collection = o.collection;
        address token = o.token;
        _checkCollection(collection);
        _checkToken(token);
        uint256 itemId = o.itemId;
        _deliver(collection, itemId, msg.sender, buyer, p.amount, p.mintAmount, p.editionSize, p.royaltyBps);
        uint256 price = p.amount * o.pricePerOne;
        (address royaltyReceiver, uint256 royalty) = _royalty(collection, itemId, price);
        uint256 fee = (price * o.feeBps) / 10_000;
        emit OfferAccepted(p.id, p.offerId, msg.sender, p.amount, p.mintAmount, price, fee, royalty);
        _payOut(token, msg.sender, royaltyReceiver, price, fee, royalty);
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
        uint256 offset;
        assembly ("memory-safe") {
            offset := p
        }
        _verify(_hashCalldata(TRANSFER_TYPEHASH, offset, 0x140), p.expiry, signature);
        _useId(KIND_TRANSFER, p.id);
        _checkCollection(p.collection);
        _checkParty(p.to);
        if (p.amount == 0 || p.mintAmount > p.amount) revert MarketInvalidAmount(p.amount, p.mintAmount);
        emit TransferredWithMint(p.id, p.from, p.to, p.collection, p.itemId, p.amount, p.mintAmount);
        _deliver(p.collection, p.itemId, p.from, p.to, p.amount, p.mintAmount, p.editionSize, p.royaltyBps);
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

    // ================================================================== ERC-1155 receiver

    /// @notice Accepts pieces only when the Market itself moves them in (auction escrow); anything else would
    /// be stuck here, so it is refused.
    function onERC1155Received(address operator, address, uint256, uint256, bytes calldata) external view returns (bytes4) {
        if (operator != address(this)) revert MarketUnsolicitedItems(operator);
        return IERC1155Receiver.onERC1155Received.selector;
    }

    /// @notice The Market never moves batches into itself: always refused.
    function onERC1155BatchReceived(
        address operator,
        address,
        uint256[] calldata,
        uint256[] calldata,
        bytes calldata
    ) external pure returns (bytes4) {
        revert MarketUnsolicitedItems(operator);
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == type(IERC1155Receiver).interfaceId || interfaceId == type(IERC165).interfaceId;
    }

    // ================================================================== owner settings

    /// @notice Ownership moves in two steps ({transferOwnership}, then {acceptOwnership}); it cannot be renounced.
    function renounceOwnership() public view override onlyOwner {
        revert MarketRenounceDisabled();
    }

    /// @notice Sets the platform fee for later orders: auctions and offers keep the fee they were made with, and
    /// a listing settles with the fee its seller signed (refused once that is below the fee in force).
    function setMarketFee(uint256 feeBps) external onlyOwner {
        _setMarketFee(feeBps);
    }

    function setFeeReceiver(address feeReceiver_) external onlyOwner {
        _setFeeReceiver(feeReceiver_);
    }

    /// @notice Replaces the validator key. A leaked validator key is revoked here (on Kaia, an account-key
    /// update does not revoke the old key for the Market, which compares the recovered address).
    function setValidator(address validator_) external onlyOwner {
        _setValidator(validator_);
    }

    /// @notice Sets the extension of later auctions: a bid with less than `delay` seconds left extends the end by `delay`.
    function setAuctionDelay(uint256 delay) external onlyOwner {
        _setAuctionDelay(delay);
    }

    /// @notice Sets the minimum raise over the top bid of later auctions, in basis points (500 = 5%).
    function setAvailableRate(uint256 rate) external onlyOwner {
        _setAvailableRate(rate);
    }

    function setAllowedContract(address collection, bool allowed) external onlyOwner {
        if (allowed && collection.code.length == 0) revert MarketNotAContract(collection);
        if (collection == _platformCollection) _platformCollectionAllowed = allowed;
        else _allowedContracts[collection] = allowed;
        emit AllowedContractUpdated(collection, allowed);
    }

    /// @notice Allows an allowed outside collection in auctions too. Rule: only a collection whose transfers nobody
    /// can pause; otherwise its owner could void an auction whose price they dislike (pause, wait out the grace).
    /// The platform's Items is always allowed in auctions while it is allowed at all.
    function setAuctionContract(address collection, bool allowed) external onlyOwner {
        if (allowed && collection.code.length == 0) revert MarketNotAContract(collection);
        _auctionContracts[collection] = allowed;
        emit AuctionContractUpdated(collection, allowed);
    }

    /// @notice Allows a payment token. Rule: only plain ERC-20 contracts (no transfer fee, no rebasing, no hooks
    /// on transfer); escrow pulls are balance-checked and pushes are gas-capped, so a token breaking the rule
    /// cannot short the escrow or block a trade, only defer its own payouts to {withdraw}.
    function setAllowedToken(address token, bool allowed) external onlyOwner {
        if (token == address(0)) revert MarketZeroAddress();
        if (allowed && token.code.length == 0) revert MarketNotAContract(token);
        if (token == _platformToken) _platformTokenAllowed = allowed;
        else _allowedTokens[token] = allowed;
        emit AllowedTokenUpdated(token, allowed);
    }

    // ================================================================== views

    function validator() external view returns (address) {
        return _validator;
    }

    function feeReceiver() external view returns (address) {
        return _feeReceiver;
    }

    /// @notice The platform fee in force for new orders, in basis points (250 = 2.5%).
    function marketFee() external view returns (uint256) {
        return _marketFee;
    }

    /// @notice The minimum raise over the top bid of new auctions, in basis points; the web divides it by 10000.
    function availableRate() external view returns (uint256) {
        return _availableRate;
    }

    /// @notice The extension window of new auctions, in seconds.
    function auctionDelay() external view returns (uint256) {
        return _auctionDelay;
    }

    function auctionModule() external view returns (address) {
        return _auctionModule;
    }

    function isAllowedContract(address collection) external view returns (bool) {
        return _isAllowedContract(collection);
    }

    /// @notice Whether `collection` may be auctioned (allowed, and Items or allowed in auctions by the owner).
    function isAuctionContract(address collection) external view returns (bool) {
        return _isAuctionContract(collection);
    }

    /// @notice KLAY (`address(0)`) is always allowed.
    function isAllowedToken(address token) external view returns (bool) {
        return _isAllowedToken(token);
    }

    /// @notice Whether the single-use `id` of `kind` (1 buy, 2 auction, 3 offer, 4 accept, 5 transfer, 6 collection
    /// offer, 7 collection accept) is spent.
    function isIdUsed(uint8 kind, uint256 id) external view returns (bool) {
        if (kind == KIND_AUCTION) return _auctions[id].status != AuctionStatus.None;
        if (kind == KIND_OFFER) return _offers[id].buyer != address(0);
        return _usedIds[(uint256(kind) << 248) | (id >> 8)] & (1 << (id & 0xff)) != 0;
    }

    /// @notice The EIP-712 digest of `listing`: what the seller signs, the key of its fills and cancel.
    function hashListing(Listing calldata listing) external view returns (bytes32) {
        return _listingDigest(listing);
    }

    /// @notice Pieces sold from the listing with digest `listingHash`; `type(uint256).max` once cancelled.
    function filledOf(bytes32 listingHash) external view returns (uint256) {
        return _filled[listingHash];
    }

    /// @notice The counter a seller's new listings must carry.
    function counterOf(address seller) external view returns (uint256) {
        return _counters[seller];
    }

    function getOffer(uint256 offerId) external view returns (Offer memory) {
        return _offers[offerId];
    }

    function withdrawable(address token, address account) external view returns (uint256) {
        return _withdrawable[token][account];
    }

    // ================================================================== internal

    function _listingDigest(Listing calldata listing) internal view returns (bytes32) {
        uint256 offset;
        assembly ("memory-safe") {
            offset := listing
        }
        return _hashTypedDataV4(_hashCalldata(LISTING_TYPEHASH, offset, 0x180));
    }

    /// @dev EIP-712 struct hash of `Buy(listingHash, buyer, amount, id, expiry)`: the reservation's four words
    /// come straight from calldata after the listing digest.
    function _hashBuy(bytes32 listingHash, Reservation calldata reservation) internal pure returns (bytes32 h) {
        bytes32 typeHash = BUY_TYPEHASH;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            mstore(add(ptr, 0x20), listingHash)
            calldatacopy(add(ptr, 0x40), reservation, 0x80)
            h := keccak256(ptr, 0xc0)
        }
    }

    /// @dev One listing of a cart, as `buyNft` but skipped (price 0) instead of reverting when it can no longer be
    /// filled: sold, cancelled or expired meanwhile, a seller or collection refusing, or beyond `budget`. Pays the
    /// seller and the royalty; the fee is returned for the cart's single fee payment.
    function _cartBuy(address token, CartOrder calldata o, uint256 budget) internal returns (uint256 price, uint256 fee) {
        Listing calldata listing = o.listing;
        Reservation calldata r = o.reservation;
        bytes32 listingHash = _listingDigest(listing);
        if (listing.token != token || r.buyer != msg.sender || block.timestamp > r.expiry) return (0, 0);
        if (!_validatorSigned(_hashBuy(listingHash, r), o.validatorSignature)) return (0, 0);
        uint256 word = (uint256(KIND_BUY) << 248) | (r.id >> 8);
        uint256 bits = _usedIds[word];
        uint256 bit = 1 << (r.id & 0xff);
        address seller = listing.seller;
        uint256 amount = r.amount;
        uint256 filled = _filled[listingHash];
        uint256 feeBps = _marketFee;
        uint256 pricePerOne = listing.pricePerOne;
        unchecked {
            price = amount * pricePerOne;
            if (amount != 0 && price / amount != pricePerOne) return (0, 0); // overflow
        }
        if (
            bits & bit != 0 ||
            block.timestamp > listing.expiry ||
            seller == address(0) ||
            seller == address(this) ||
            listing.counter != _counters[seller] ||
            filled > listing.amount ||
            amount == 0 ||
            amount > listing.amount - filled ||
            !_isAllowedContract(listing.collection) ||
            listing.feeBps < feeBps ||
            listing.feeBps > MAX_FEE_BPS ||
            pricePerOne < MIN_FIXED_PRICE ||
            price > budget ||
            !_sellerSigned(seller, listingHash, o.sellerSignature) ||
            !_cartDeliver(listing, amount)
        ) return (0, 0);
        _usedIds[word] = bits | bit;
        _filled[listingHash] = filled + amount;

        address royaltyReceiver = seller;
        uint256 royalty;
        if (listing.editionSize == 0) (royaltyReceiver, royalty) = _royalty(listing.collection, listing.itemId, price);
        else royalty = (price * listing.royaltyBps) / 10_000;
        fee = (price * feeBps) / 10_000;
        emit NftBought(r.id, listingHash, msg.sender, seller, listing.collection, listing.itemId, amount, token, price, fee, royalty);
        uint256 toSeller;
        // Cannot underflow: fee and royalty are each at most 10% of price.
        unchecked {
            toSeller = price - fee - royalty;
            if (royaltyReceiver == seller) (toSeller, royalty) = (toSeller + royalty, 0);
        }
        if (token == address(0)) {
            _push(address(0), seller, toSeller);
            _push(address(0), royaltyReceiver, royalty);
        } else {
            IERC20(token).safeTransferFrom(msg.sender, seller, toSeller);
            if (royalty != 0) IERC20(token).safeTransferFrom(msg.sender, royaltyReceiver, royalty);
        }
    }

    /// @dev The seller's signature of `listingHash`: their key's, or their contract's EIP-1271 answer given
    /// CART_CALL_GAS and read from one returned word (a seller cannot burn the cart's gas or bloat its memory).
    function _sellerSigned(address seller, bytes32 listingHash, bytes calldata signature) internal view returns (bool ok) {
        (address signer, ECDSA.RecoverError err, ) = ECDSA.tryRecoverCalldata(listingHash, signature);
        if (err == ECDSA.RecoverError.NoError && signer == seller) return true;
        if (seller.code.length == 0) return false;
        _requireGas(CART_CALL_GAS, CALL_COST);
        bytes memory data = abi.encodeCall(IERC1271.isValidSignature, (listingHash, signature));
        assembly ("memory-safe") {
            ok := staticcall(CART_CALL_GAS, seller, add(data, 0x20), mload(data), 0, 0x20)
            ok := and(ok, and(gt(returndatasize(), 0x1f), eq(mload(0), shl(224, 0x1626ba7e))))
        }
    }

    /// @dev A cart's delivery (transfer, or the creator's lazy mint) with CART_CALL_GAS; false when refused.
    function _cartDeliver(Listing calldata listing, uint256 amount) internal returns (bool ok) {
        bytes memory data = listing.editionSize == 0
            ? abi.encodeCall(IERC1155.safeTransferFrom, (listing.seller, msg.sender, listing.itemId, amount, ""))
            : abi.encodeCall(
                IItems.mint,
                (msg.sender, listing.itemId, amount, listing.seller, listing.editionSize, listing.royaltyBps)
            );
        address collection = listing.collection;
        _requireGas(CART_CALL_GAS, CALL_COST);
        assembly ("memory-safe") {
            ok := call(CART_CALL_GAS, collection, 0, add(data, 0x20), mload(data), 0, 0)
        }
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
        // Fees pushed to the Market itself would be locked in escrow for good.
        if (feeReceiver_ == address(this)) revert MarketInvalidParty(feeReceiver_);
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
