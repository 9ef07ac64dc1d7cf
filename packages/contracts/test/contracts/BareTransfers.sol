// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IItems} from "../../contracts/interfaces/IItems.sol";

/// @notice Gas-bench baseline: performs only the token and ERC-1155 transfers a Market trade performs, in one
/// transaction, with no checks, so `bench/gas.ts` can print trade gas / bare-transfer gas.
contract BareTransfers {
    /// @dev Fixed-price buy paid in an ERC-20: three pulls from the buyer, the pieces from the seller.
    function erc20Sale(
        IERC20 token,
        IItems items,
        address seller,
        address feeReceiver,
        address author,
        uint256 itemId,
        uint256 amount,
        uint256 toSeller,
        uint256 fee,
        uint256 royalty
    ) external {
        token.transferFrom(msg.sender, seller, toSeller);
        token.transferFrom(msg.sender, feeReceiver, fee);
        token.transferFrom(msg.sender, author, royalty);
        items.safeTransferFrom(seller, msg.sender, itemId, amount, "");
    }

    /// @dev Fixed-price buy paid in KLAY: three value transfers, the pieces from the seller.
    function klaySale(
        IItems items,
        address payable seller,
        address payable feeReceiver,
        address payable author,
        uint256 itemId,
        uint256 amount,
        uint256 fee,
        uint256 royalty
    ) external payable {
        seller.transfer(msg.value - fee - royalty);
        feeReceiver.transfer(fee);
        author.transfer(royalty);
        items.safeTransferFrom(seller, msg.sender, itemId, amount, "");
    }

    /// @dev Lazy-minting buy in an ERC-20: three pulls from the buyer, a mint to the buyer.
    function erc20MintSale(
        IERC20 token,
        IItems items,
        address seller,
        address feeReceiver,
        address author,
        uint256 itemId,
        uint256 amount,
        uint256 toSeller,
        uint256 fee,
        uint256 royalty,
        uint256 editionSize,
        uint96 royaltyBps
    ) external {
        token.transferFrom(msg.sender, seller, toSeller);
        token.transferFrom(msg.sender, feeReceiver, fee);
        token.transferFrom(msg.sender, author, royalty);
        items.mint(msg.sender, itemId, amount, author, editionSize, royaltyBps);
    }

    /// @dev A bid into escrow: one pull (earlier bids stay escrowed in the bid book).
    function bidPull(IERC20 token, uint256 bid) external {
        token.transferFrom(msg.sender, address(this), bid);
    }

    /// @dev A bid that refunds the previous bidder: pull the new bid into escrow, push the old one back.
    function bidWithRefund(IERC20 token, uint256 bid, address previousBidder, uint256 previousBid) external {
        token.transferFrom(msg.sender, address(this), bid);
        token.transfer(previousBidder, previousBid);
    }

    /// @dev An offer's cancel: the escrow pays the buyer back.
    function refund(IERC20 token, address to, uint256 amount) external {
        token.transfer(to, amount);
    }

    /// @dev Accepting an offer: escrow pays seller, fee receiver and author; the pieces go seller -> buyer.
    function offerPayout(
        IERC20 token,
        IItems items,
        address buyer,
        address feeReceiver,
        address author,
        uint256 itemId,
        uint256 amount,
        uint256 toSeller,
        uint256 fee,
        uint256 royalty
    ) external {
        token.transfer(msg.sender, toSeller);
        token.transfer(feeReceiver, fee);
        token.transfer(author, royalty);
        items.safeTransferFrom(msg.sender, buyer, itemId, amount, "");
    }

    /// @dev Auction settlement in KLAY: the escrowed piece to the winner, then seller, fee and royalty from escrow.
    function settleKlay(
        IItems items,
        address winner,
        uint256 itemId,
        address payable seller,
        address payable feeReceiver,
        address payable author,
        uint256 toSeller,
        uint256 fee,
        uint256 royalty
    ) external {
        items.safeTransferFrom(address(this), winner, itemId, 1, "");
        seller.transfer(toSeller);
        feeReceiver.transfer(fee);
        author.transfer(royalty);
    }

    /// @dev A cancelled auction in KLAY: the escrowed piece back to the seller, then `count` bids of `amount`
    /// refunded to the bidders `first`, `first + 1`, ...
    function refundKlay(IItems items, address seller, uint256 itemId, uint160 first, uint256 count, uint256 amount) external {
        items.safeTransferFrom(address(this), seller, itemId, 1, "");
        for (uint256 i; i < count; ++i) payable(address(first + uint160(i))).transfer(amount);
    }

    /// @dev Holds escrowed pieces and KLAY for the settlement baselines.
    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external pure returns (bytes4) {
        return this.onERC1155Received.selector;
    }

    receive() external payable {}

    /// @dev transferWithMint: the owned pieces move, the rest are minted.
    function transferMint(
        IItems items,
        address to,
        uint256 itemId,
        uint256 amount,
        uint256 mintAmount,
        address author,
        uint256 editionSize,
        uint96 royaltyBps
    ) external {
        if (amount != mintAmount) items.safeTransferFrom(msg.sender, to, itemId, amount - mintAmount, "");
        if (mintAmount != 0) items.mint(to, itemId, mintAmount, author, editionSize, royaltyBps);
    }
}
