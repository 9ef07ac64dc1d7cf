// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IItems} from "./interfaces/IItems.sol";
import {IMarketTypes} from "./interfaces/IMarketTypes.sol";

/// @title MarketBase, the storage and helpers shared by the Market and its modules
/// @notice The modules (auctions, collection offers) run by delegatecall inside the Market, so all inherit exactly this
/// storage layout (and nothing else may declare state). One escrow, one withdrawable ledger, one set of terms.
abstract contract MarketBase is IMarketTypes, EIP712, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice Royalty cap: a collection answering more is paid this much (10% of the price).
    uint256 public constant MAX_ROYALTY_BPS = 1_000;
    uint256 public constant MAX_FEE_BPS = 1_000;
    uint256 public constant MIN_FIXED_PRICE = 1 ether;
    uint256 public constant MIN_AUCTION_START_PRICE = 0.1 ether;
    uint256 public constant MAX_SALE_PERIOD = 180 days;
    /// @notice Live bids an auction holds at most; a new bidder beyond it pushes out the lowest (refunded).
    uint256 public constant MAX_LIVE_BIDS = 20;
    /// @notice Largest bid or start price: amounts share a storage word with an address (above any token supply
    /// the Market trades: 2^96 wei is 79 billion tokens of 18 decimals).
    uint256 public constant MAX_AUCTION_AMOUNT = type(uint96).max;
    /// @notice Gas forwarded with a pushed KLAY payout; a receiver needing more is paid by {withdraw}.
    uint256 public constant PUSH_GAS = 30_000;
    /// @notice Gas forwarded to an ERC-20 `transfer` pushed from escrow (a plain token needs about 30,000); a
    /// token (or hook) needing more defers the payment to {withdraw}, so a hook cannot grief the caller.
    uint256 public constant PUSH_GAS_ERC20 = 50_000;
    /// @notice Gas forwarded to a collection's EIP-2981 `royaltyInfo`; a lookup that fails (reverts, needs more,
    /// answers garbage) means no royalty, so a collection cannot stop a sale or a settlement.
    uint256 public constant ROYALTY_GAS = 30_000;

    /// @dev What a CALL costs the caller before the callee starts: a cold account, and the value transfer.
    uint256 internal constant CALL_COST = 2_700;
    uint256 internal constant VALUE_CALL_COST = 11_700;

    uint8 internal constant KIND_BUY = 1;
    uint8 internal constant KIND_AUCTION = 2;
    uint8 internal constant KIND_OFFER = 3;
    uint8 internal constant KIND_ACCEPT = 4;
    uint8 internal constant KIND_TRANSFER = 5;
    uint8 internal constant KIND_COLLECTION_OFFER = 6;
    uint8 internal constant KIND_COLLECTION_ACCEPT = 7;

    /// @dev The platform's own collection (Items) and payment token (ATT). Their allow flags live in the first
    /// storage word, which every trade reads anyway, so a trade of the platform's pieces in ATT skips two cold
    /// reads; any other collection or token is allowed through the mappings. The owner allows and disallows
    /// both kinds alike (`setAllowedContract`, `setAllowedToken`).
    address internal immutable _platformCollection;
    address internal immutable _platformToken;

    // ------------------------------------------------------------------ storage (shared layout)

    /// @dev Packed so a fixed-price sale reads validator, fee and the platform allow flags with one cold load.
    address internal _validator;
    uint16 internal _marketFee;
    uint16 internal _availableRate;
    uint32 internal _auctionDelay;
    bool internal _platformCollectionAllowed;
    bool internal _platformTokenAllowed;

    address internal _feeReceiver;

    mapping(address collection => bool) internal _allowedContracts;
    mapping(address token => bool) internal _allowedTokens;
    /// @dev Single-use ids of buys, accepts and transfers: a bitmap keyed by `kind << 248 | id >> 8`.
    mapping(uint256 word => uint256 bits) internal _usedIds;
    mapping(address seller => uint256) internal _counters;
    /// @dev Pieces sold per listing digest; `type(uint256).max` once the seller cancelled it.
    mapping(bytes32 listingHash => uint256) internal _filled;
    mapping(uint256 auctionId => AuctionRecord) internal _auctions;
    /// @dev The bid book: `entries` words per auction, each `bidder | amount << 160`; amount 0 is a free entry.
    /// The top bid is entry `top - 1`. After the end the winning entry is spent; the others are withdrawable.
    mapping(uint256 auctionId => uint256[MAX_LIVE_BIDS]) internal _book;
    mapping(uint256 offerId => Offer) internal _offers;
    mapping(address token => mapping(address account => uint256)) internal _withdrawable;
    /// @dev Auctions whose piece could not be delivered, and the account it is owed to.
    mapping(uint256 auctionId => address owner) internal _unclaimed;
    /// @dev Outside collections the owner also allows in auctions: their transfers nobody can pause (the platform's
    /// Items has no pause), so a seller cannot void an auction by pausing the collection.
    mapping(address collection => bool) internal _auctionContracts;
    /// @dev Collection offers ({MarketCollectionOffers}); their ids are spent in `_usedIds` (KIND_COLLECTION_OFFER).
    mapping(uint256 offerId => CollectionOfferRecord) internal _collectionOffers;

    /// @dev An auction as stored: four words (seller, end, status and fee; collection, raise, extension and the
    /// book's size and top; the item; token and start price).
    struct AuctionRecord {
        address seller;
        uint64 endTime;
        AuctionStatus status;
        uint16 feeBps;
        address collection;
        uint16 raiseBps;
        uint32 extension;
        uint8 entries;
        uint8 top;
        uint256 itemId;
        address token;
        uint96 startPrice;
    }

    /// @dev A collection offer as stored: four words, five with a criteria root (buyer, expiry and fee;
    /// collection and the pieces still wanted; token; price per piece; criteria).
    struct CollectionOfferRecord {
        address buyer;
        uint64 expiry;
        uint16 feeBps;
        address collection;
        uint96 remaining;
        address token;
        uint256 pricePerOne;
        bytes32 criteria;
    }

    constructor(
        address initialOwner,
        address platformCollection_,
        address platformToken_
    ) EIP712("AttMarket", "1") Ownable(initialOwner) {
        if (platformCollection_ == address(0) || platformToken_ == address(0)) revert MarketZeroAddress();
        _platformCollection = platformCollection_;
        _platformToken = platformToken_;
    }

    // ------------------------------------------------------------------ signatures and ids

    /// @dev The validator's co-signature over `structHash`, valid until `expiry`.
    function _verify(bytes32 structHash, uint256 expiry, bytes calldata signature) internal view {
        if (block.timestamp > expiry) revert MarketSignatureExpired(expiry, block.timestamp);
        if (!_validatorSigned(structHash, signature)) revert MarketInvalidSignature();
    }

    function _validatorSigned(bytes32 structHash, bytes calldata signature) internal view returns (bool) {
        (address signer, ECDSA.RecoverError err, ) = ECDSA.tryRecoverCalldata(_hashTypedDataV4(structHash), signature);
        return err == ECDSA.RecoverError.NoError && signer == _validator;
    }

    /// @dev EIP-712 struct hash of a static struct in calldata: its bytes are exactly its EIP-712 encoding (one
    /// word per field), so it is hashed in place. A field with dirty high bits changes the hash and fails.
    function _hashCalldata(bytes32 typeHash, uint256 offset, uint256 size) internal pure returns (bytes32 h) {
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, typeHash)
            calldatacopy(add(ptr, 0x20), offset, size)
            h := keccak256(ptr, add(size, 0x20))
        }
    }

    function _useId(uint8 kind, uint256 id) internal {
        uint256 word = (uint256(kind) << 248) | (id >> 8);
        uint256 bit = 1 << (id & 0xff);
        uint256 bits = _usedIds[word];
        if (bits & bit != 0) revert MarketIdAlreadyUsed(kind, id);
        _usedIds[word] = bits | bit;
    }

    /// @dev Runs the calldata in `module` by delegatecall (this contract's storage) and returns or reverts with its
    /// answer: how the Market reaches its modules.
    function _delegate(address module) internal {
        assembly ("memory-safe") {
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), module, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            if iszero(ok) {
                revert(0, returndatasize())
            }
            return(0, returndatasize())
        }
    }

    // ------------------------------------------------------------------ checks

    function _checkCollection(address collection) internal view {
        if (!_isAllowedContract(collection)) revert MarketContractNotAllowed(collection);
    }

    /// @dev Auctions escrow the piece until settlement: only collections whose transfers nobody can pause.
    function _checkAuctionCollection(address collection) internal view {
        if (!_isAuctionContract(collection)) revert MarketContractNotAllowed(collection);
    }

    function _isAuctionContract(address collection) internal view returns (bool) {
        return _isAllowedContract(collection) && (collection == _platformCollection || _auctionContracts[collection]);
    }

    function _checkToken(address token) internal view {
        if (!_isAllowedToken(token)) revert MarketTokenNotAllowed(token);
    }

    function _isAllowedContract(address collection) internal view returns (bool) {
        return collection == _platformCollection ? _platformCollectionAllowed : _allowedContracts[collection];
    }

    /// @dev KLAY (`address(0)`) is always allowed.
    function _isAllowedToken(address token) internal view returns (bool) {
        if (token == address(0)) return true;
        return token == _platformToken ? _platformTokenAllowed : _allowedTokens[token];
    }

    /// @dev Sellers, buyers, recipients and creators are never zero nor the Market itself.
    function _checkParty(address account) internal view {
        if (account == address(0) || account == address(this)) revert MarketInvalidParty(account);
    }

    // ------------------------------------------------------------------ money

    /// @dev The royalty the collection's EIP-2981 `royaltyInfo` answers for `itemId` at `price`, looked up with
    /// ROYALTY_GAS and capped at MAX_ROYALTY_BPS. A lookup that reverts, runs out of its gas or answers garbage,
    /// and a receiver that is zero or the Market itself, mean no royalty: a collection cannot block a trade.
    function _royalty(
        address collection,
        uint256 itemId,
        uint256 price
    ) internal view returns (address receiver, uint256 royalty) {
        _requireGas(ROYALTY_GAS, CALL_COST);
        bool ok;
        uint256 word;
        assembly ("memory-safe") {
            let ptr := mload(0x40)
            mstore(ptr, shl(224, 0x2a55205a)) // royaltyInfo(uint256,uint256)
            mstore(add(ptr, 0x04), itemId)
            mstore(add(ptr, 0x24), price)
            ok := staticcall(ROYALTY_GAS, collection, ptr, 0x44, 0, 0x40)
            ok := and(ok, gt(returndatasize(), 0x3f))
            word := mload(0)
            royalty := mload(0x20)
        }
        if (!ok || word == 0 || word >> 160 != 0 || address(uint160(word)) == address(this)) return (address(0), 0);
        receiver = address(uint160(word));
        uint256 cap = (price * MAX_ROYALTY_BPS) / 10_000;
        if (royalty > cap) royalty = cap;
    }

    /// @dev A call capped at `gasCap` gets all of it only when 63/64 of the gas left after the call's own cost
    /// covers it (EIP-150). Otherwise the caller could starve the call on purpose and choose its failure path
    /// (park a piece, defer a payment, skip a royalty) by the gas limit it sends; such a call is refused instead.
    function _requireGas(uint256 gasCap, uint256 callCost) internal view {
        uint256 needed = gasCap + gasCap / 63 + callCost;
        if (gasleft() < needed) revert MarketInsufficientGas(needed, gasleft());
    }

    /// @dev Pays `price` held here (or KLAY received with this call) to seller, fee receiver and royalty receiver.
    function _payOut(
        address token,
        address seller,
        address royaltyReceiver,
        uint256 price,
        uint256 fee,
        uint256 royalty
    ) internal {
        // Cannot underflow: fee and royalty are each at most 10% of price (MAX_FEE_BPS, MAX_ROYALTY_BPS).
        unchecked {
            _push(token, seller, price - fee - royalty);
        }
        if (fee != 0) _push(token, _feeReceiver, fee);
        if (royalty != 0) _push(token, royaltyReceiver, royalty);
    }

    /// @dev Moves `amount - mintAmount` pieces from `from` (the Market is its operator) and mints `mintAmount`
    /// on `from`'s authority (Items refuses unless `from` is the item's creator).
    function _deliver(
        address collection,
        uint256 itemId,
        address from,
        address to,
        uint256 amount,
        uint256 mintAmount,
        uint256 editionSize,
        uint256 royaltyBps
    ) internal {
        // Cannot underflow: the callers checked mintAmount <= amount.
        unchecked {
            if (amount != mintAmount) IItems(collection).safeTransferFrom(from, to, itemId, amount - mintAmount, "");
        }
        if (mintAmount != 0) IItems(collection).mint(to, itemId, mintAmount, from, editionSize, royaltyBps);
    }

    /// @dev Pushes a payment with capped gas; if the receiver (or token) reverts or needs more gas, the amount
    /// becomes withdrawable instead. No return data is copied. The cap is always forwarded in full.
    function _push(address token, address to, uint256 amount) internal {
        if (amount == 0) return;
        bool ok;
        if (token == address(0)) {
            _requireGas(PUSH_GAS, VALUE_CALL_COST);
            assembly ("memory-safe") {
                ok := call(PUSH_GAS, to, amount, 0, 0, 0, 0)
            }
        } else {
            _requireGas(PUSH_GAS_ERC20, CALL_COST);
            bytes memory data = abi.encodeCall(IERC20.transfer, (to, amount));
            assembly ("memory-safe") {
                ok := call(PUSH_GAS_ERC20, token, 0, add(data, 0x20), mload(data), 0, 0x20)
                // Success: no return data, or a true word (SafeERC20's rule).
                if ok {
                    ok := or(iszero(returndatasize()), and(gt(returndatasize(), 0x1f), eq(mload(0), 1)))
                }
            }
        }
        if (!ok) {
            _withdrawable[token][to] += amount;
            emit PaymentDeferred(to, token, amount);
        }
    }

    /// @dev Pulls `amount` of `token` from the caller into escrow and requires the balance to grow by exactly
    /// that much, so a fee-on-transfer or rebasing token cannot leave escrow short.
    function _pullExact(address token, uint256 amount) internal {
        if (amount == 0) return;
        uint256 before = IERC20(token).balanceOf(address(this));
        IERC20(token).safeTransferFrom(msg.sender, address(this), amount);
        uint256 received = IERC20(token).balanceOf(address(this)) - before;
        if (received != amount) revert MarketTokenTransferMismatch(amount, received);
    }

    /// @dev Takes `amount` in escrow: exact `msg.value` for KLAY, a balance-checked pull for a token.
    function _takePayment(address token, uint256 amount) internal {
        if (token == address(0)) {
            if (msg.value != amount) revert MarketIncorrectPayment(amount, msg.value);
        } else {
            if (msg.value != 0) revert MarketIncorrectPayment(0, msg.value);
            _pullExact(token, amount);
        }
    }
}
