// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/**
 * @dev Public record of TitleLedger's Merkle roots: one root per sealed batch, written by a single
 * anchorer key. Anyone holding an inclusion proof can check that its root was anchored, when, and
 * for which batch, without trusting TitleLedger's database.
 *
 * Cost per anchor is constant whatever the batch's number of leaves (the leaves never reach the
 * chain): one fresh storage slot (root -> packed record) and one rewritten slot (the last batch id),
 * about 52.4k gas. What bounds it: 21,000 per transaction, 22,100 for the fresh slot (cold access +
 * zero -> non-zero write), 2,100 to read the anchorer's slot (which also holds the last batch id)
 * and 2,900 to rewrite it, the RootAnchored log (375 + 3 topics x 375 + 2 data words x 8 x 32 bytes,
 * about 2k) and calldata (about 1k): 50.1k before any execution, so 50k is out of reach for a
 * contract that checks its caller, refuses duplicates and logs.
 * Batch ids must strictly increase, so "already anchored" needs one number rather than a batch id ->
 * root mapping; a batch's root is found by its id in the indexed RootAnchored logs.
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
    /// @dev The highest batch id anchored so far (0 before the first anchor; batch ids start at 1).
    /// Packed into the anchorer's slot, which {anchor} reads anyway: updating it costs a warm write.
    uint64 private _lastBatchId;

    mapping(bytes32 root => Anchor) private _anchors;

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

    /// @dev Batch `batchId` is not above the last anchored batch id: it was anchored, or skipped for good.
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
     * - `batchId` is greater than every batch id anchored before (see {lastBatchId}).
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
        if (batchId <= _lastBatchId) {
            revert AnchorRegistryBatchAlreadyAnchored(batchId);
        }
        // A stored anchor always has a non-zero timestamp, so zero means "never anchored".
        if (_anchors[root].timestamp != 0) {
            revert AnchorRegistryRootAlreadyAnchored(root);
        }

        _lastBatchId = batchId;
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

    /**
     * @dev Returns the highest batch id anchored so far, 0 before the first anchor. A batch's root is
     * in the RootAnchored log whose first indexed topic is its id.
     */
    function lastBatchId() external view returns (uint64) {
        return _lastBatchId;
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
