// bitscope: merging a breadth-first level's equal positions (a multiset
// frontier). Appended after bfs.wgsl when BF_MERGE is on
// (gpu/breadth_first/kernels.rs); the host's side:
// gpu/breadth_first/merge.rs.
//
// bf_expand has written a range of children into the staging buffer, each
// in its one form (bf_canon) followed by its multiplicity (BF_STRIDE words).
// Two passes over the staged children then fold them into the next level:
//   mg_insert  one invocation per staged child: its hash picks a slot of an
//              open-addressing table; an empty slot is claimed with a
//              compare-exchange (the child becomes an entry of the level, its
//              index from a counter), a slot that names an equal position
//              (compared word by word, never by key alone) makes the child a
//              copy of it, any other slot sends the probe on. Children whose
//              hash is outside the part being built are skipped (a level too
//              big for its buffer is built in parts, by hash, each part walked
//              on its own: every position belongs to exactly one part).
//   mg_commit  one invocation per staged child: a new entry writes its
//              position into the level and its slot then names the level's
//              copy (the staging buffer is rewritten by the next range); every
//              child adds its multiplicity to its entry's (64 bits, with
//              carry), and to the level's node count.
// No invocation ever waits for another: a slot names either a staged child
// (written before mg_insert started) or a level entry (written by an earlier
// range's mg_commit), so every comparison reads finished words.
//
// mg_acc: [0] entries claimed (may pass the level's capacity), [1] children
// lost (the level or the table was full: the host builds the part again in
// two halves), [2], [3] the level's nodes (lo, hi).

// struct MgParams: the host puts it before this file
// (gpu/breadth_first/kernels.rs).
@group(0) @binding(30) var<uniform> mp: MgParams;
@group(0) @binding(31) var<storage, read> mg_stage: array<u32>;
@group(0) @binding(32) var<storage, read_write> mg_level: array<atomic<u32>>;
@group(0) @binding(33) var<storage, read_write> mg_table: array<atomic<u32>>;
@group(0) @binding(34) var<storage, read_write> mg_match: array<u32>;
@group(0) @binding(35) var<storage, read_write> mg_acc: array<atomic<u32>>;

// A slot: 0 empty, MG_STAGE | i a staged child, k + 1 entry k of the level.
const MG_STAGE: u32 = 0x80000000u;
// A staged child's match: MG_OWNER | k (it made entry k; its slot in the
// next word), MG_STAGE | j (a copy of staged child j), k (a copy of entry k),
// MG_SKIP (another part), MG_LOST (no room).
const MG_OWNER: u32 = 0x40000000u;
const MG_SKIP: u32 = 0xffffffffu;
const MG_LOST: u32 = 0xfffffffeu;
const MG_INDEX: u32 = 0x3fffffffu;
// Slots one child probes at most: the table has twice the level's entries,
// so a probe rarely goes past a few slots before the level is full.
const MG_PROBES: u32 = 1024u;

fn mg_rotl(x: u32, r: u32) -> u32 {
    return (x << r) | (x >> (32u - r));
}

// MurmurHash3's finalizer.
fn mg_fmix(x: u32) -> u32 {
    var h = x;
    h ^= h >> 16u;
    h *= 0x85ebca6bu;
    h ^= h >> 13u;
    h *= 0xc2b2ae35u;
    h ^= h >> 16u;
    return h;
}

// MurmurHash3 (x86, 32 bits) of staged child i's 11 words.
fn mg_hash(i: u32) -> u32 {
    var h = 0x0b175c09u;
    for (var w = 0u; w < 11u; w++) {
        var k = mg_stage[i * BF_STRIDE + w] * 0xcc9e2d51u;
        k = mg_rotl(k, 15u) * 0x1b873593u;
        h = mg_rotl(h ^ k, 13u) * 5u + 0xe6546b64u;
    }
    return mg_fmix(h ^ 44u);
}

// Word w of the position a (non-empty) slot value names: a staged child's
// or a level entry's.
fn mg_word(v: u32, w: u32) -> u32 {
    if (v & MG_STAGE) != 0u {
        return mg_stage[(v & ~MG_STAGE) * BF_STRIDE + w];
    }
    return atomicLoad(&mg_level[(v - 1u) * BF_STRIDE + w]);
}

// Whether a slot's value names a position equal to staged child i.
fn mg_names(i: u32, v: u32) -> bool {
    var same = v != 0u;
    for (var w = 0u; w < 11u; w++) {
        same = same && mg_stage[i * BF_STRIDE + w] == mg_word(v, w);
    }
    return same;
}

// The staged child of invocation `id` in this dispatch, or MG_SKIP past
// its end.
fn mg_child(id: BfIds) -> u32 {
    let t = bf_index(id);
    return select(MG_SKIP, mp.base + t, t < mp.count);
}

@compute @workgroup_size(BWG)
fn mg_insert(id: BfIds) {
    let i = mg_child(id);
    if i == MG_SKIP {
        return;
    }
    let h = mg_hash(i);
    if (mg_fmix(h ^ 0x9e3779b9u) & mp.parts) != mp.part {
        mg_match[2u * i] = MG_SKIP;
        return;
    }
    var slot = h & mp.mask;
    var code = MG_LOST;
    // MG_PROBES slots at most, and none once the level is full (the part is
    // built again in halves either way: a full level's table would
    // otherwise be probed whole by every child); a compare-exchange that
    // fails spuriously looks at its slot again
    var probes = select(0u, MG_PROBES, atomicLoad(&mg_acc[0]) >= mp.cap);
    while probes < min(MG_PROBES, mp.mask + 1u) {
        var v = atomicLoad(&mg_table[slot]);
        if v == 0u {
            let r = atomicCompareExchangeWeak(&mg_table[slot], 0u, MG_STAGE | i);
            if r.exchanged {
                let k = atomicAdd(&mg_acc[0], 1u);
                if k < mp.cap {
                    atomicStore(&mg_level[k * BF_STRIDE + 11u], 0u);
                    atomicStore(&mg_level[k * BF_STRIDE + 12u], 0u);
                    code = MG_OWNER | k;
                    mg_match[2u * i + 1u] = slot;
                }
                break;
            }
            v = r.old_value;
        }
        if v != 0u {
            if mg_names(i, v) {
                code = select(v - 1u, v, (v & MG_STAGE) != 0u);
                break;
            }
            slot = (slot + 1u) & mp.mask;
            probes += 1u;
        }
    }
    if code == MG_LOST {
        atomicAdd(&mg_acc[1], 1u);
    }
    mg_match[2u * i] = code;
}

// Adds (lo, hi) to the 64-bit number at mg_level[o], mg_level[o + 1].
fn mg_add_entry(o: u32, v: vec2<u32>) {
    let hi = carry_hi(atomicAdd(&mg_level[o], v.x), v);
    if hi != 0u {
        atomicAdd(&mg_level[o + 1u], hi);
    }
}

// Adds (lo, hi) to the level's node count, mg_acc[2], mg_acc[3].
fn mg_add_nodes(v: vec2<u32>) {
    let hi = carry_hi(atomicAdd(&mg_acc[2], v.x), v);
    if hi != 0u {
        atomicAdd(&mg_acc[3], hi);
    }
}

@compute @workgroup_size(BWG)
fn mg_commit(id: BfIds) {
    let i = mg_child(id);
    if i == MG_SKIP {
        return;
    }
    var code = mg_match[2u * i];
    if code == MG_SKIP || code == MG_LOST {
        return;
    }
    if (code & MG_STAGE) != 0u {
        // a copy of staged child j: j's entry (if j found room)
        code = mg_match[2u * (code & ~MG_STAGE)];
        if code == MG_LOST || (code & MG_OWNER) == 0u {
            return;
        }
        code &= MG_INDEX;
    } else if (code & MG_OWNER) != 0u {
        code &= MG_INDEX;
        for (var w = 0u; w < 11u; w++) {
            atomicStore(&mg_level[code * BF_STRIDE + w], mg_stage[i * BF_STRIDE + w]);
        }
        atomicStore(&mg_table[mg_match[2u * i + 1u]], code + 1u);
    }
    let m = vec2<u32>(mg_stage[i * BF_STRIDE + 11u], mg_stage[i * BF_STRIDE + 12u]);
    mg_add_entry(code * BF_STRIDE + 11u, m);
    mg_add_nodes(m);
}
