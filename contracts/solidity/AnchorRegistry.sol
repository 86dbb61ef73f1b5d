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
 * Transparency-log checkpoints are anchored apart from batches ({anchorCheckpoint}): their own
 * record keyed by tree size, their own event, their own "last" counter. A checkpoint root never
 * answers {isAnchored} or {anchorOf}, so a verifier checking a registration's batch root cannot be
 * shown a log root instead, and the other way round ({checkpointOf}).
 *
 * The registry's Ed25519 signing key (it signs `.tr` bundles and log checkpoints) is bound here by
 * its fingerprint, SHA-256 of the 32-byte raw public key: the first at deployment, each later one by
 * {rotateKey}. A key is valid from the timestamp of the block that bound it until the next key's;
 * {registryKeys} returns the whole history, so a verifier learns which key was ours when, from the
 * chain rather than from our server.
 *
 * The deployer is the owner for the contract's lifetime; its powers are to replace the anchorer,
 * so a leaked or rotated hot key can be retired without redeploying (and without losing history),
 * and to rotate the registry key.
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

    /// @dev What is known about an anchored transparency-log checkpoint (two storage slots).
    struct CheckpointAnchor {
        bytes32 root;
        uint64 timestamp;
        uint64 blockNumber;
    }

    /// @dev A registry signing key: SHA-256 of its raw Ed25519 public key, and the block that bound it.
    struct RegistryKey {
        bytes32 fingerprint;
        uint64 validFrom;
        uint64 blockNumber;
    }

    /// @dev The largest tree size whose checkpoint was anchored (0 before the first).
    uint64 private _lastCheckpointSize;

    mapping(uint64 treeSize => CheckpointAnchor) private _checkpoints;

    /// @dev Every registry key bound so far, oldest first; the last one is current.
    RegistryKey[] private _registryKeys;

    /// @dev `root`, the Merkle root of batch `batchId` holding `leafCount` leaves, was anchored at `timestamp`.
    event RootAnchored(uint256 indexed batchId, bytes32 indexed root, uint256 leafCount, uint256 timestamp);

    /// @dev The transparency log's checkpoint of `treeSize` entries, with root hash `root`, was anchored at `timestamp`.
    event CheckpointAnchored(uint256 indexed treeSize, bytes32 indexed root, uint256 timestamp);

    /// @dev The registry key number `index` (0 for the one set at deployment), whose fingerprint is
    /// `fingerprint`, is valid from `validFrom` (the block's timestamp); the previous key ends there.
    event RegistryKeyBound(uint256 indexed index, bytes32 indexed fingerprint, uint256 validFrom);

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

    /// @dev A checkpoint of `treeSize` is not above the last anchored checkpoint's tree size.
    error AnchorRegistryCheckpointAlreadyAnchored(uint256 treeSize);

    /// @dev `fingerprint` cannot be bound: it is zero, or it was bound before (a retired key stays retired).
    error AnchorRegistryInvalidKey(bytes32 fingerprint);

    /**
     * @dev Makes the deployer the owner, `initialAnchorer` the account allowed to anchor roots, and
     * `registryKeyFingerprint` the registry's first signing key, valid from this block.
     *
     * Requirements:
     *
     * - `initialAnchorer` is not the zero address.
     * - `registryKeyFingerprint` is not zero.
     *
     * Emits an {AnchorerChanged} and a {RegistryKeyBound} event.
     */
    constructor(address initialAnchorer, bytes32 registryKeyFingerprint) {
        _owner = msg.sender;
        _setAnchorer(initialAnchorer);
        _bindKey(registryKeyFingerprint);
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
     * @dev Records `root` as the root hash of the transparency log's checkpoint of `treeSize` entries,
     * with the current block's timestamp and number. Apart from batch roots: see {checkpointOf}.
     *
     * Requirements:
     *
     * - the caller is the anchorer.
     * - `root` is not zero.
     * - `treeSize` is greater than every tree size anchored before (see {lastCheckpointSize}).
     *
     * Emits a {CheckpointAnchored} event.
     */
    function anchorCheckpoint(uint64 treeSize, bytes32 root) external {
        if (msg.sender != _anchorer) {
            revert AnchorRegistryUnauthorizedAnchorer(msg.sender);
        }
        if (root == bytes32(0)) {
            revert AnchorRegistryEmptyRoot();
        }
        if (treeSize <= _lastCheckpointSize) {
            revert AnchorRegistryCheckpointAlreadyAnchored(treeSize);
        }
        _lastCheckpointSize = treeSize;
        _checkpoints[treeSize] = CheckpointAnchor({
            root: root,
            timestamp: uint64(block.timestamp),
            blockNumber: uint64(block.number)
        });
        emit CheckpointAnchored(treeSize, root, block.timestamp);
    }

    /**
     * @dev Binds `newFingerprint` as the registry's signing key from this block on; the current key's
     * validity ends at this block's timestamp.
     *
     * Requirements:
     *
     * - the caller is the owner.
     * - `newFingerprint` is not zero and was never bound before.
     *
     * Emits a {RegistryKeyBound} event.
     */
    function rotateKey(bytes32 newFingerprint) external {
        if (msg.sender != _owner) {
            revert AnchorRegistryUnauthorizedAccount(msg.sender);
        }
        _bindKey(newFingerprint);
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

    /**
     * @dev Returns the root, block timestamp and block number recorded for the checkpoint of
     * `treeSize` entries; all zero when that checkpoint was never anchored.
     */
    function checkpointOf(uint64 treeSize) external view returns (bytes32 root, uint64 timestamp, uint64 blockNumber) {
        CheckpointAnchor memory record = _checkpoints[treeSize];
        return (record.root, record.timestamp, record.blockNumber);
    }

    /// @dev Returns the largest tree size whose checkpoint was anchored, 0 before the first.
    function lastCheckpointSize() external view returns (uint64) {
        return _lastCheckpointSize;
    }

    /// @dev Returns the current registry key: its fingerprint, and the timestamp and block that bound it.
    function registryKey() external view returns (bytes32 fingerprint, uint64 validFrom, uint64 blockNumber) {
        RegistryKey memory key = _registryKeys[_registryKeys.length - 1];
        return (key.fingerprint, key.validFrom, key.blockNumber);
    }

    /**
     * @dev Returns every registry key bound so far, oldest first. Key `i` is valid from its
     * `validFrom` until key `i + 1`'s; the last is current.
     */
    function registryKeys() external view returns (RegistryKey[] memory) {
        return _registryKeys;
    }

    /// @dev Returns the account allowed to anchor roots.
    function anchorer() external view returns (address) {
        return _anchorer;
    }

    /// @dev Returns the owner, the only account that may replace the anchorer.
    function owner() external view returns (address) {
        return _owner;
    }

    function _bindKey(bytes32 fingerprint) private {
        if (fingerprint == bytes32(0)) {
            revert AnchorRegistryInvalidKey(fingerprint);
        }
        uint256 count = _registryKeys.length;
        for (uint256 i = 0; i < count; ++i) {
            if (_registryKeys[i].fingerprint == fingerprint) {
                revert AnchorRegistryInvalidKey(fingerprint);
            }
        }
        _registryKeys.push(
            RegistryKey({fingerprint: fingerprint, validFrom: uint64(block.timestamp), blockNumber: uint64(block.number)})
        );
        emit RegistryKeyBound(count, fingerprint, block.timestamp);
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
