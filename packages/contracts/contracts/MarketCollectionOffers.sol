// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {MerkleProof} from "@openzeppelin/contracts/utils/cryptography/MerkleProof.sol";
import {IMarketCollectionOffers} from "./interfaces/IMarketCollectionOffers.sol";
import {MarketModule} from "./MarketModule.sol";

/// @title MarketCollectionOffers, offers on a whole collection (or on the items of a Merkle root)
/// @notice Runs only by delegatecall inside the {Market} (the Market's fallback runs {MarketAuctions}, whose own
/// fallback runs this module), in the Market's storage and escrow, so collection offers answer at the Market's
/// address with the Market's ABI. Offers and accepts have their own single-use id kinds (6 and 7).
contract MarketCollectionOffers is MarketModule, IMarketCollectionOffers {
    bytes32 public constant COLLECTION_OFFER_TYPEHASH =
        keccak256(
            "CollectionOffer(uint256 id,address collection,bytes32 criteria,uint256 amount,address buyer,address token,uint256 pricePerOne,uint256 expiry)"
        );
    bytes32 public constant COLLECTION_ACCEPT_TYPEHASH =
        keccak256(
            "CollectionAccept(uint256 id,uint256 offerId,address seller,uint256 itemId,uint256 amount,uint256 mintAmount,uint256 editionSize,uint256 royaltyBps,uint256 expiry)"
        );

    /// @param items_ The platform's collection and `att_` its payment token, as the Market is deployed with.
    constructor(address items_, address att_) MarketModule(items_, att_) {}

    /// @inheritdoc IMarketCollectionOffers
    function makeCollectionOffer(
        CollectionOfferParams calldata p,
        bytes calldata signature
    ) external payable onlyDelegated nonReentrant {
        if (msg.sender != p.buyer) revert MarketUnauthorizedCaller(msg.sender, p.buyer);
        uint256 offset;
        assembly ("memory-safe") {
            offset := p
        }
        _verify(_hashCalldata(COLLECTION_OFFER_TYPEHASH, offset, 0x100), p.expiry, signature);
        _useId(KIND_COLLECTION_OFFER, p.id);
        _checkCollection(p.collection);
        _checkToken(p.token);
        uint256 amount = p.amount;
        if (amount == 0) revert MarketInvalidAmount(0, 0);
        if (amount > type(uint96).max) revert MarketAmountTooHigh(type(uint96).max, amount);
        if (p.pricePerOne < MIN_FIXED_PRICE) revert MarketPriceTooLow(MIN_FIXED_PRICE, p.pricePerOne);

        uint256 total = amount * p.pricePerOne;
        CollectionOfferRecord storage o = _collectionOffers[p.id];
        o.buyer = p.buyer;
        o.expiry = p.expiry > type(uint64).max ? type(uint64).max : uint64(p.expiry);
        o.feeBps = _marketFee;
        o.collection = p.collection;
        o.remaining = uint96(amount); // fits: checked above
        o.token = p.token;
        o.pricePerOne = p.pricePerOne;
        if (p.criteria != 0) o.criteria = p.criteria;
        emit CollectionOfferMade(p.id, p.buyer, p.collection, p.criteria, amount, p.token, p.pricePerOne, p.expiry);
        _takePayment(p.token, total);
    }

    /// @inheritdoc IMarketCollectionOffers
    function acceptCollectionOffer(
        CollectionAcceptParams calldata p,
        bytes32[] calldata proof,
        bytes calldata signature
    ) external onlyDelegated nonReentrant {
        if (msg.sender != p.seller) revert MarketUnauthorizedCaller(msg.sender, p.seller);
        uint256 offset;
        assembly ("memory-safe") {
            offset := p
        }
        _verify(_hashCalldata(COLLECTION_ACCEPT_TYPEHASH, offset, 0x120), p.expiry, signature);
        _useId(KIND_COLLECTION_ACCEPT, p.id);
        CollectionOfferRecord storage o = _collectionOffers[p.offerId];
        address buyer = o.buyer;
        if (buyer == address(0)) revert MarketOfferNotFound(p.offerId);
        if (block.timestamp > o.expiry) revert MarketOfferExpired(p.offerId, o.expiry);
        uint256 amount = p.amount;
        if (amount == 0 || p.mintAmount > amount) revert MarketInvalidAmount(amount, p.mintAmount);
        uint256 remaining = o.remaining;
        if (amount > remaining) revert MarketOfferAmountExceeded(remaining, amount);
        // Cannot underflow: checked against remaining just above.
        unchecked {
            o.remaining = uint96(remaining - amount);
        }

        // A collection or token disallowed since the offer was made fills no more of it (it can still be cancelled).
        address collection = o.collection;
        address token = o.token;
        _checkCollection(collection);
        _checkToken(token);
        uint256 itemId = p.itemId;
        bytes32 criteria = o.criteria;
        if (criteria != 0) {
            bytes32 leaf = keccak256(bytes.concat(keccak256(abi.encode(itemId))));
            if (!MerkleProof.verifyCalldata(proof, criteria, leaf)) revert MarketItemNotInCriteria(p.offerId, itemId);
        }
        // The piece comes from the seller in the offer's own collection (or is minted on the creator's authority).
        _deliver(collection, itemId, msg.sender, buyer, amount, p.mintAmount, p.editionSize, p.royaltyBps);
        uint256 price = amount * o.pricePerOne;
        (address royaltyReceiver, uint256 royalty) = _royalty(collection, itemId, price);
        // The fee of the offer's making, or the fee in force when that is lower.
        uint256 feeBps = o.feeBps;
        if (_marketFee < feeBps) feeBps = _marketFee;
        uint256 fee = (price * feeBps) / 10_000;
        emit CollectionOfferAccepted(p.id, p.offerId, msg.sender, itemId, amount, p.mintAmount, price, fee, royalty);
        _payOut(token, msg.sender, royaltyReceiver, price, fee, royalty);
    }

    /// @inheritdoc IMarketCollectionOffers
    function cancelCollectionOffer(uint256 offerId, uint256 amount) external onlyDelegated nonReentrant {
        CollectionOfferRecord storage o = _collectionOffers[offerId];
        address buyer = o.buyer;
        if (buyer == address(0)) revert MarketOfferNotFound(offerId);
        // The buyer may cancel at any time; once expired, anyone may return the escrow to the buyer.
        if (msg.sender != buyer && block.timestamp <= o.expiry) revert MarketUnauthorizedCaller(msg.sender, buyer);
        uint256 remaining = o.remaining;
        if (amount == 0) revert MarketInvalidAmount(0, 0);
        if (amount > remaining) revert MarketOfferAmountExceeded(remaining, amount);
        // Cannot underflow: checked against remaining just above.
        unchecked {
            o.remaining = uint96(remaining - amount);
        }
        uint256 refund = amount * o.pricePerOne;
        emit CollectionOfferCancelled(offerId, amount, refund);
        _push(o.token, buyer, refund);
    }

    /// @inheritdoc IMarketCollectionOffers
    function getCollectionOffer(uint256 offerId) external view returns (CollectionOffer memory v) {
        CollectionOfferRecord storage o = _collectionOffers[offerId];
        v.buyer = o.buyer;
        v.expiry = o.expiry;
        v.feeBps = o.feeBps;
        v.collection = o.collection;
        v.token = o.token;
        v.criteria = o.criteria;
        v.pricePerOne = o.pricePerOne;
        v.remaining = o.remaining;
    }
}
