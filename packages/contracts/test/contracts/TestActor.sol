// SPDX-License-Identifier: MIT
pragma solidity ^0.8.30;

import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @notice Test-only contract account that trades through `execute` and misbehaves on demand when it
/// receives KLAY or an ERC-1155 piece: accept, revert, burn all gas, re-enter a target with a stored call, or
/// accept and record the receipt in `storeSlots` fresh storage slots (an honest wallet whose hook writes storage).
contract TestActor {
    enum Mode {
        Accept,
        Revert,
        BurnGas,
        Reenter,
        Store
    }

    Mode public klayMode;
    Mode public itemMode;
    address public attackTarget;
    bytes public attackData;
    uint256 public attackValue;
    /// @notice Result of the last re-entrant attempt.
    bool public attacked;
    bool public attackSucceeded;
    bytes public attackReturn;

    /// @notice Fresh slots the Store mode writes on each receipt.
    uint256 public storeSlots;
    uint256 public receipts;
    mapping(uint256 => uint256) public records;

    /// @notice The EOA whose signatures this contract wallet accepts (EIP-1271); zero accepts none.
    address public signer;

    error TestActorRefused();

    function setSigner(address signer_) external {
        signer = signer_;
    }

    /// @notice EIP-1271: valid when `signer` signed `hash`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address recovered, ECDSA.RecoverError err, ) = ECDSA.tryRecover(hash, signature);
        return err == ECDSA.RecoverError.NoError && recovered == signer && signer != address(0) ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    function setModes(Mode klay, Mode item) external {
        klayMode = klay;
        itemMode = item;
    }

    function setStoreSlots(uint256 n) external {
        storeSlots = n;
    }

    function setAttack(address target, bytes calldata data, uint256 value) external {
        attackTarget = target;
        attackData = data;
        attackValue = value;
    }

    function execute(address target, bytes calldata data) external payable returns (bytes memory) {
        (bool ok, bytes memory ret) = target.call{value: msg.value}(data);
        if (!ok) {
            assembly ("memory-safe") {
                revert(add(ret, 0x20), mload(ret))
            }
        }
        return ret;
    }

    function _react(Mode mode) internal {
        if (mode == Mode.Revert) revert TestActorRefused();
        if (mode == Mode.BurnGas) {
            // Spin until the forwarded gas is gone.
            while (true) {}
        }
        if (mode == Mode.Store) {
            uint256 first = receipts * 1000;
            for (uint256 i; i < storeSlots; ++i) records[first + i] = block.number + 1;
            ++receipts;
        }
        if (mode == Mode.Reenter && !attacked) {
            attacked = true;
            (bool ok, bytes memory ret) = attackTarget.call{value: attackValue}(attackData);
            attackSucceeded = ok;
            attackReturn = ret;
        }
    }

    receive() external payable {
        _react(klayMode);
    }

    function onERC1155Received(address, address, uint256, uint256, bytes calldata) external returns (bytes4) {
        _react(itemMode);
        return this.onERC1155Received.selector;
    }

    function onERC1155BatchReceived(
        address,
        address,
        uint256[] calldata,
        uint256[] calldata,
        bytes calldata
    ) external returns (bytes4) {
        _react(itemMode);
        return this.onERC1155BatchReceived.selector;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x4e2312e0 || interfaceId == 0x01ffc9a7;
    }
}
