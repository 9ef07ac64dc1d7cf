// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IERC2981} from "@openzeppelin/contracts/interfaces/IERC2981.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";
import {IMarketTypes} from "./interfaces/IMarketTypes.sol";

/// @title MarketBase, the storage and helpers shared by the Market and its auction module
/// @notice The auction module runs by delegatecall inside the Market, so both contracts inherit exactly this
/// storage layout (and nothing else may declare state). One escrow, one withdrawable ledger, one set of terms.
abstract contract MarketBase is IMarketTypes, EIP712, Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    uint256 public constant MAX_ROYALTY_BPS = 1_000;
    uint256 public constant MAX_FEE_BPS = 1_000;
    uint256 public constant MIN_FIXED_PRICE = 1 ether;
    uint256 public constant MIN_AUCTION_START_PRICE = 0.1 ether;
    uint256 public constant MAX_SALE_PERIOD = 180 days;
    /// @notice Live bids an auction holds at most; a new bidder beyond it pushes out the lowest (refunded).
    uint256 public constant MAX_LIVE_BIDS = 20;
    /// @notice Gas forwarded with a pushed KLAY payout; a receiver needing more is paid by {withdraw}.
    uint256 public constant PUSH_GAS = 30_000;
    /// @notice Gas forwarded to an ERC-20 `transfer` pushed from escrow; a token (or hook) needing more defers
    /// the payment to {withdraw}, so a hook cannot grief the caller.
    uint256 public constant PUSH_GAS_ERC20 = 80_000;

    uint8 internal constant KIND_BUY = 1;
    uint8 internal constant KIND_AUCTION = 2;
    uint8 internal constant KIND_OFFER = 3;
    uint8 internal constant KIND_ACCEPT = 4;
    uint8 internal constant KIND_TRANSFER = 5;

    // ------------------------------------------------------------------ storage (shared layout)

    /// @dev Packed so a fixed-price sale reads validator and fee with one cold load.
    address internal _validator;
    uint16 internal _marketFee;
    uint16 internal _availableRate;
    uint32 internal _auctionDelay;

    address internal _feeReceiver;

    mapping(address collection => bool) internal _allowedContracts;
    mapping(address token => bool) internal _allowedTokens;
    /// @dev Single-use ids of buys, accepts and transfers: a bitmap keyed by `kind << 248 | id >> 8`.
    mapping(uint256 word => uint256 bits) internal _usedIds;
    mapping(address seller => uint256) internal _counters;
    /// @dev Pieces sold per listing digest; `type(uint256).max` once the seller cancelled it.
    mapping(bytes32 listingHash => uint256) internal _filled;
    mapping(uint256 auctionId => Auction) internal _auctions;
    mapping(uint256 auctionId => mapping(address bidder => uint256)) internal _bids;
    /// @dev Bidders with a live bid while the auction runs (at most MAX_LIVE_BIDS); not maintained after it.
    mapping(uint256 auctionId => address[]) internal _bidders;
    mapping(uint256 offerId => Offer) internal _offers;
    mapping(address token => mapping(address account => uint256)) internal _withdrawable;
    /// @dev Auctions whose piece could not be delivered, and the account it is owed to.
    mapping(uint256 auctionId => address owner) internal _unclaimed;

    constructor(address initialOwner) EIP712("AttMarket", "1") Ownable(initialOwner) {}

    // ------------------------------------------------------------------ signatures and ids

    /// @dev The validator's co-signature over `structHash`, valid until `expiry`.
    function _verify(bytes32 structHash, uint256 expiry, bytes calldata signature) internal view {
        if (block.timestamp > expiry) revert MarketSignatureExpired(expiry, block.timestamp);
        (address signer, ECDSA.RecoverError err, ) = ECDSA.tryRecoverCalldata(_hashTypedDataV4(structHash), signature);
        if (err != ECDSA.RecoverError.NoError || signer != _validator) revert MarketInvalidSignature();
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

    // ------------------------------------------------------------------ checks

    function _checkCollection(address collection) internal view {
        if (!_allowedContracts[collection]) revert MarketContractNotAllowed(collection);
    }

    function _checkToken(address token) internal view {
        if (token != address(0) && !_allowedTokens[token]) revert MarketTokenNotAllowed(token);
    }

    /// @dev Sellers, buyers, recipients and creators are never zero nor the Market itself.
    function _checkParty(address account) internal view {
        if (account == address(0) || account == address(this)) revert MarketInvalidParty(account);
    }

    // ------------------------------------------------------------------ money

    /// @dev The royalty the collection's EIP-2981 `royaltyInfo` says for `itemId` at `price`, capped at 10%.
    function _royalty(
        address collection,
        uint256 itemId,
        uint256 price
    ) internal view returns (address receiver, uint256 royalty) {
        (receiver, royalty) = IERC2981(collection).royaltyInfo(itemId, price);
        if (royalty * 10_000 > price * MAX_ROYALTY_BPS) revert MarketRoyaltyTooHigh(MAX_ROYALTY_BPS, royalty);
        if (receiver == address(0)) royalty = 0;
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
        // Cannot underflow: fee and royalty are each at most 10% of price.
        unchecked {
            _push(token, seller, price - fee - royalty);
        }
        if (fee != 0) _push(token, _feeReceiver, fee);
        if (royalty != 0) _push(token, royaltyReceiver, royalty);
    }

    /// @dev Pushes a payment with capped gas; if the receiver (or token) reverts or needs more gas, the amount
    /// becomes withdrawable instead. No return data is copied.
    function _push(address token, address to, uint256 amount) internal {
        if (amount == 0) return;
        bool ok;
        if (token == address(0)) {
            assembly ("memory-safe") {
                ok := call(PUSH_GAS, to, amount, 0, 0, 0, 0)
            }
        } else {
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
