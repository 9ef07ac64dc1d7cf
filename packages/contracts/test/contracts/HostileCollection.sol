// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ERC1155} from "@openzeppelin/contracts/token/ERC1155/ERC1155.sol";

/// @notice Test-only ERC-1155 collection that an owner could have allowed and that later turns against the
/// Market: its EIP-2981 `royaltyInfo` reverts, asks too much, burns all gas, names the Market, or answers
/// garbage, and its transfers can be paused. Anyone may mint and change the modes.
contract HostileCollection is ERC1155 {
    enum RoyaltyMode {
        Normal,
        Revert,
        TooHigh,
        BurnGas,
        ToCaller,
        Garbage
    }

    RoyaltyMode public royaltyMode;
    bool public paused;
    address public royaltyReceiver;

    error HostileCollectionPaused();
    error HostileCollectionRefused();

    constructor(address royaltyReceiver_) ERC1155("") {
        royaltyReceiver = royaltyReceiver_;
    }

    function mint(address to, uint256 id, uint256 amount) external {
        _mint(to, id, amount, "");
    }

    function setRoyaltyMode(RoyaltyMode mode) external {
        royaltyMode = mode;
    }

    function setPaused(bool paused_) external {
        paused = paused_;
    }

    /// @notice 5% to `royaltyReceiver` when Normal; otherwise misbehaves as set.
    function royaltyInfo(uint256, uint256 salePrice) external view returns (address, uint256) {
        RoyaltyMode mode = royaltyMode;
        if (mode == RoyaltyMode.Revert) revert HostileCollectionRefused();
        if (mode == RoyaltyMode.TooHigh) return (royaltyReceiver, salePrice / 2);
        if (mode == RoyaltyMode.BurnGas) {
            while (true) {}
        }
        if (mode == RoyaltyMode.ToCaller) return (msg.sender, salePrice / 20);
        if (mode == RoyaltyMode.Garbage) {
            assembly ("memory-safe") {
                mstore(0, 1)
                return(0, 0x10)
            }
        }
        return (royaltyReceiver, salePrice / 20);
    }

    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        return interfaceId == 0x2a55205a || super.supportsInterface(interfaceId);
    }

    function _update(address from, address to, uint256[] memory ids, uint256[] memory values) internal override {
        if (paused) revert HostileCollectionPaused();
        super._update(from, to, ids, values);
    }
}
