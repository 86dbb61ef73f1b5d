// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Public record of TitleLedger's Merkle roots: one root per sealed batch, written by a single
 * anchorer key. Anyone holding an inclusion proof can check that its root was anchored, when, and
 * for which batch, without trusting TitleLedger's database.
 *
 * Cost per anchor is constant: a batch is stored as two storage slots (root -> record, batch id ->
 * root) whatever its number of leaves; the leaves never reach the chain. About 71.5k gas per anchor,
 * of which 65.2k is the floor of any design serving both lookups from storage (21,000 per transaction
 * plus 22,100 per fresh slot). Giving up the batch id -> root view (reading it from the indexed
 * RootAnchored logs instead) and requiring increasing batch ids would save one slot: about 52k.
 *
 * The deployer is the owner for the contract's lifetime; its only power is to replace the anchorer,
 * so a leaked or rotated hot key can be retired without redeploying (and without losing history).
 */
contract AnchorRegistry {
    /// @dev What is known about an anchored root. Packed into a single storage slot.
    struct Anchor {
        uint64 batchId;
        uint64 leafCount;
        uint64 timestamp;
        uint64 blockNumber;
    }

    address private immutable _owner;
    address private _anchorer;

    mapping(bytes32 root => Anchor) private _anchors;
    mapping(uint64 batchId => bytes32 root) private _roots;

    /// @dev `root`, the Merkle root of batch `batchId` holding `leafCount` leaves, was anchored at `timestamp`.
    event RootAnchored(uint256 indexed batchId, bytes32 indexed root, uint256 leafCount, uint256 timestamp);

    /// @dev The account allowed to anchor roots changed from `previousAnchorer` to `newAnchorer`.
    event AnchorerChanged(address indexed previousAnchorer, address indexed newAnchorer);

    /// @dev `account` is not the anchorer.
    error AnchorRegistryUnauthorizedAnchorer(address account);

    /// @dev `account` is not the owner.
    error AnchorRegistryUnauthorizedAccount(address account);

    /// @dev `anchorer` cannot be made the anchorer (the zero address).
    error AnchorRegistryInvalidAnchorer(address anchorer);

    /// @dev Batch `batchId` already has a root.
    error AnchorRegistryBatchAlreadyAnchored(uint256 batchId);

    /// @dev `root` was already anchored, for another or the same batch.
    error AnchorRegistryRootAlreadyAnchored(bytes32 root);

    /// @dev The zero root cannot be anchored: it is the "absent" value of the lookups.
    error AnchorRegistryEmptyRoot();

    /// @dev A batch must hold at least one leaf.
    error AnchorRegistryEmptyBatch();

    /**
     * @dev Makes the deployer the owner and `initialAnchorer` the account allowed to anchor roots.
     *
     * Requirements:
     *
     * - `initialAnchorer` is not the zero address.
     *
     * Emits an {AnchorerChanged} event.
     */
    constructor(address initialAnchorer) {
        _owner = msg.sender;
        _setAnchorer(initialAnchorer);
    }

    /**
     * @dev Records `root` as the Merkle root of batch `batchId`, which holds `leafCount` leaves,
     * with the current block's timestamp and number.
     *
     * Requirements:
     *
     * - the caller is the anchorer.
     * - `root` is not zero and was never anchored.
     * - `batchId` was never anchored.
     * - `leafCount` is not zero.
     *
     * Emits a {RootAnchored} event.
     */
    function anchor(uint64 batchId, bytes32 root, uint64 leafCount) external {
        if (msg.sender != _anchorer) {
            revert AnchorRegistryUnauthorizedAnchorer(msg.sender);
        }
        if (root == bytes32(0)) {
            revert AnchorRegistryEmptyRoot();
        }
        if (leafCount == 0) {
            revert AnchorRegistryEmptyBatch();
        }
        if (_roots[batchId] != bytes32(0)) {
            revert AnchorRegistryBatchAlreadyAnchored(batchId);
        }
        // A stored anchor always has a non-zero timestamp, so zero means "never anchored".
        if (_anchors[root].timestamp != 0) {
            revert AnchorRegistryRootAlreadyAnchored(root);
        }

        _roots[batchId] = root;
        _anchors[root] = Anchor({
            batchId: batchId,
            leafCount: leafCount,
            timestamp: uint64(block.timestamp),
            blockNumber: uint64(block.number)
        });
        emit RootAnchored(batchId, root, leafCount, block.timestamp);
    }

    /**
     * @dev Replaces the anchorer with `newAnchorer`. The previous anchorer can no longer anchor.
     *
     * Requirements:
     *
     * - the caller is the owner.
     * - `newAnchorer` is not the zero address.
     *
     * Emits an {AnchorerChanged} event.
     */
    function setAnchorer(address newAnchorer) external {
        if (msg.sender != _owner) {
            revert AnchorRegistryUnauthorizedAccount(msg.sender);
        }
        _setAnchorer(newAnchorer);
    }

    /**
     * @dev Returns the batch id, leaf count, block timestamp and block number recorded for `root`.
     * All four are zero when `root` was never anchored (see {isAnchored}).
     */
    function anchorOf(
        bytes32 root
    ) external view returns (uint64 batchId, uint64 leafCount, uint64 timestamp, uint64 blockNumber) {
        Anchor memory record = _anchors[root];
        return (record.batchId, record.leafCount, record.timestamp, record.blockNumber);
    }

    /// @dev Returns whether `root` was anchored.
    function isAnchored(bytes32 root) external view returns (bool) {
        return _anchors[root].timestamp != 0;
    }

    /// @dev Returns the root anchored for batch `batchId`, or zero if the batch was never anchored.
    function rootOf(uint64 batchId) external view returns (bytes32) {
        return _roots[batchId];
    }

    /// @dev Returns the account allowed to anchor roots.
    function anchorer() external view returns (address) {
        return _anchorer;
    }

    /// @dev Returns the owner, the only account that may replace the anchorer.
    function owner() external view returns (address) {
        return _owner;
    }

    function _setAnchorer(address newAnchorer) private {
        if (newAnchorer == address(0)) {
            revert AnchorRegistryInvalidAnchorer(address(0));
        }
        address previousAnchorer = _anchorer;
        _anchorer = newAnchorer;
        emit AnchorerChanged(previousAnchorer, newAnchorer);
    }
}
