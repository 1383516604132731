// SPDX-License-Identifier: MIT
//! backends/rust - hash crates from crates.io behind one C ABI.
//!
//! Every function has the engine's core signature
//! `void hb_rust_<crate>_<algo>(uint8_t *out, const uint8_t *in, size_t len)`
//! (the implementation id suffix and the roster algorithm id, '-' written
//! '_': `hb_rust_md_5_md5`, `hb_rust_sha3_keccak_256`) and writes the
//! roster's canonical digest bytes (docs/algorithms.md): standard
//! digest bytes for cryptographic hashes, the big-endian bytes of
//! the value for integer checksums and xxHash, the reference 8 output bytes
//! (the little-endian bytes of the u64) for SipHash-2-4 with key 00..0F.
//!
//! `hb_rust_entries()` lists them all as data (algorithm id, implementation
//! id suffix, crate version, digest length, function), so the C adapter
//! (backends/rust/rust.c) needs no list of its own: this file is the one list.
//! The library is a cdylib that the adapter dlopen()s; it is built twice, with
//! default codegen flags and with `-C target-cpu=native`, and the two copies
//! become two implementation ids per crate (`rust-sha2`, `rust-sha2-native`).

use core::ffi::c_char;
use std::ffi::CString;
use std::sync::OnceLock;

use sha2::Digest as _; // the digest 0.11 trait, shared by every RustCrypto crate here

include!(concat!(env!("OUT_DIR"), "/hb_build.rs"));

/// Bumped whenever `HbRustEntry` or the exported functions change; the C
/// adapter refuses a library with another value (a stale build).
pub const HB_RUST_ABI: u32 = 1;

/// The input as a slice.  `len == 0` may come with NULL or a dangling
/// pointer, which `from_raw_parts` must never see.
#[inline(always)]
unsafe fn input<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if len == 0 {
        &[]
    } else {
        core::slice::from_raw_parts(ptr, len)
    }
}

// One row per (crate, algorithm): attributes (cfg), roster algorithm id,
// implementation id suffix, crates.io package, exported function, digest
// length, and the expression computing the digest from the slice `$s`.
// The expression's value is anything indexable as `[..]` giving bytes; that
// it gives exactly `$len` of them is checked once, when the table is built.
macro_rules! hb_rust_exports {
    ($( $(#[$m:meta])* $algo:literal, $id:literal, $pkg:literal, $f:ident, $len:literal, |$s:ident| $e:expr; )*) => {
        $(
            $(#[$m])*
            #[no_mangle]
            pub unsafe extern "C" fn $f(out: *mut u8, inp: *const u8, len: usize) {
                let $s = input(inp, len);
                let d = $e;
                let d: &[u8] = &d[..];
                core::ptr::copy_nonoverlapping(d.as_ptr(), out, $len);
            }
        )*

        fn rows() -> Vec<Row> {
            let mut v = Vec::new();
            $(
                $(#[$m])*
                v.push(Row {
                    algo: $algo, id: $id, package: $pkg, len: $len, func: $f,
                    actual_len: || { let $s: &[u8] = &[]; let d = $e; d[..].len() },
                });
            )*
            v
        }
    };
}

struct Row {
    algo: &'static str,
    id: &'static str,
    package: &'static str,
    len: usize,
    func: unsafe extern "C" fn(*mut u8, *const u8, usize),
    /// The length the expression really gives (it must equal `len`).
    actual_len: fn() -> usize,
}

/// SipHash-2-4 key, bytes 00..0F, as the reference's two little-endian words.
const SIP_K0: u64 = 0x0706050403020100;
const SIP_K1: u64 = 0x0f0e0d0c0b0a0908;

hb_rust_exports! {
    // ---- Keccak-256: the four of the bench-keccak256 study --------------
    #[cfg(feature = "xkcp")]
    "keccak-256", "xkcp", "xkcp-rs", hb_rust_xkcp_keccak_256, 32,
        |s| { let mut o = [0u8; 32]; xkcp_rs::keccak256(s, &mut o); o };
    #[cfg(feature = "keccak-asm")]
    "keccak-256", "keccak-asm", "keccak-asm", hb_rust_keccak_asm_keccak_256, 32,
        |s| <keccak_asm::Keccak256 as keccak_asm::Digest>::digest(s);
    "keccak-256", "tiny-keccak", "tiny-keccak", hb_rust_tiny_keccak_keccak_256, 32,
        |s| {
            use tiny_keccak::Hasher as _;
            let mut h = tiny_keccak::Keccak::v256();
            let mut o = [0u8; 32];
            h.update(s);
            h.finalize(&mut o);
            o
        };
    "keccak-256", "sha3", "sha3", hb_rust_sha3_keccak_256, 32, |s| sha3::Keccak256::digest(s);
    "sha3-256", "sha3", "sha3", hb_rust_sha3_sha3_256, 32, |s| sha3::Sha3_256::digest(s);
    "sha3-512", "sha3", "sha3", hb_rust_sha3_sha3_512, 64, |s| sha3::Sha3_512::digest(s);

    // ---- other cryptographic hashes ----------------------------------------
    "sha256", "sha2", "sha2", hb_rust_sha2_sha256, 32, |s| sha2::Sha256::digest(s);
    "sha512", "sha2", "sha2", hb_rust_sha2_sha512, 64, |s| sha2::Sha512::digest(s);
    "sha1", "sha1", "sha1", hb_rust_sha1_sha1, 20, |s| sha1::Sha1::digest(s);
    "md5", "md-5", "md-5", hb_rust_md_5_md5, 16, |s| md5::Md5::digest(s);
    "md4", "md4", "md4", hb_rust_md4_md4, 16, |s| md4::Md4::digest(s);
    "ripemd160", "ripemd", "ripemd", hb_rust_ripemd_ripemd160, 20, |s| ripemd::Ripemd160::digest(s);
    "blake2s", "blake2", "blake2", hb_rust_blake2_blake2s, 32, |s| blake2::Blake2s256::digest(s);
    "blake2b", "blake2", "blake2", hb_rust_blake2_blake2b, 64, |s| blake2::Blake2b512::digest(s);
    // Tiger, not Tiger2: the roster's Tiger pads with 0x01 as its authors did.
    "tiger", "tiger", "tiger", hb_rust_tiger_tiger, 24, |s| tiger::Tiger::digest(s);
    "blake3", "blake3", "blake3", hb_rust_blake3_blake3, 32, |s| *blake3::hash(s).as_bytes();
    // The same crate, a large input's subtrees on every core (as b3sum hashes a file).
    "blake3", "blake3-tree", "blake3", hb_rust_blake3_tree_blake3, 32, |s| blake3_tree(s);
    // ascon-hash >= 0.3 is NIST SP 800-232 Ascon-Hash256 (0.2 was Ascon v1.2's AsconHash).
    "ascon-hash256", "ascon-hash", "ascon-hash", hb_rust_ascon_hash_ascon_hash256, 32,
        |s| ascon_hash::AsconHash256::digest(s);

    // ---- checksums and non-cryptographic hashes: big-endian value bytes ---
    "crc32", "crc32fast", "crc32fast", hb_rust_crc32fast_crc32, 4,
        |s| crc32fast::hash(s).to_be_bytes();
    "crc32c", "crc32c", "crc32c", hb_rust_crc32c_crc32c, 4, |s| crc32c::crc32c(s).to_be_bytes();
    "xxh32", "xxhash", "xxhash-rust", hb_rust_xxhash_xxh32, 4,
        |s| xxhash_rust::xxh32::xxh32(s, 0).to_be_bytes();
    "xxh64", "xxhash", "xxhash-rust", hb_rust_xxhash_xxh64, 8,
        |s| xxhash_rust::xxh64::xxh64(s, 0).to_be_bytes();
    "xxh3-64", "xxhash", "xxhash-rust", hb_rust_xxhash_xxh3_64, 8,
        |s| xxhash_rust::xxh3::xxh3_64(s).to_be_bytes();
    // SipHash's reference output is the u64 stored little-endian: the
    // exception to the big-endian rule (algorithms.md, "Canonical output").
    "siphash24", "siphasher", "siphasher", hb_rust_siphasher_siphash24, 8,
        |s| siphasher::sip::SipHasher24::new_with_keys(SIP_K0, SIP_K1).hash(s).to_le_bytes();
}

/// Inputs shorter than this are hashed on one thread: below it, starting a thread costs about
/// as much as the half of the input it would take.
const TREE_MIN_LEN: usize = 1 << 20;

/// BLAKE3 of `input` with its chunk tree split between this machine's cores: each thread hashes
/// whole subtrees (BLAKE3's own split: the left one the largest power of two of chunks shorter
/// than the input), and their chaining values are merged up to the root.  The digest is
/// BLAKE3's; under TREE_MIN_LEN, or with one core, it is `blake3::hash` itself.
fn blake3_tree(input: &[u8]) -> [u8; 32] {
    if input.len() < TREE_MIN_LEN {   // first: a short input asks nothing of the system
        return *blake3::hash(input).as_bytes();
    }
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    if threads < 2 {
        return *blake3::hash(input).as_bytes();
    }
    let (left, right) = split_subtrees(input, 0, threads);
    *blake3::hazmat::merge_subtrees_root(&left, &right, blake3::hazmat::Mode::Hash).as_bytes()
}

/// The chaining values of the two subtrees of `input` (which starts `offset` bytes into the
/// whole), the left hashed on a thread of its own, each given half of `threads`.
fn split_subtrees(input: &[u8], offset: u64, threads: usize) -> ([u8; 32], [u8; 32]) {
    let left_len = blake3::hazmat::left_subtree_len(input.len() as u64) as usize;
    let (a, b) = input.split_at(left_len);
    std::thread::scope(|scope| {
        let left = scope.spawn(|| subtree(a, offset, threads / 2));
        let right = subtree(b, offset + left_len as u64, threads - threads / 2);
        (left.join().expect("a BLAKE3 subtree thread"), right)
    })
}

/// The non-root chaining value of the subtree `input` starting `offset` bytes into the whole.
fn subtree(input: &[u8], offset: u64, threads: usize) -> [u8; 32] {
    use blake3::hazmat::HasherExt as _;
    if threads < 2 || input.len() < TREE_MIN_LEN {
        return blake3::Hasher::new().set_input_offset(offset).update(input).finalize_non_root();
    }
    let (left, right) = split_subtrees(input, offset, threads);
    blake3::hazmat::merge_subtrees_non_root(&left, &right, blake3::hazmat::Mode::Hash)
}

/// One row as C sees it (backends/rust/rust.c declares the same struct).
#[repr(C)]
pub struct HbRustEntry {
    /// Roster algorithm id ("sha256").
    pub algo: *const c_char,
    /// Implementation id suffix ("sha2": the adapter makes "rust-sha2").
    pub id: *const c_char,
    /// "sha2 0.11.1": the crate and the version Cargo.lock pinned, plus the
    /// code path where the crate fixes it at build time.
    pub version: *const c_char,
    /// Bytes the function writes.
    pub digest_len: usize,
    pub func: unsafe extern "C" fn(*mut u8, *const u8, usize),
}

struct Table(Vec<HbRustEntry>);
// The pointers are to leaked, immutable C strings and to functions.
unsafe impl Send for Table {}
unsafe impl Sync for Table {}

fn cstr(s: String) -> *const c_char {
    CString::new(s).expect("no NUL in names").into_raw()
}

/// The code path a crate fixes at build time, where it can be known.
fn code_path(package: &str) -> Option<String> {
    match package {
        #[cfg(feature = "keccak-asm")]
        "keccak-asm" => Some(keccak_asm::IMPL.to_string()),
        #[cfg(feature = "xkcp")]
        "xkcp-rs" => Some(format!("XKCP {}", env!("HB_XKCP_TARGET"))),
        _ => None,
    }
}

fn table() -> &'static Table {
    static T: OnceLock<Table> = OnceLock::new();
    T.get_or_init(|| {
        let mut v = Vec::new();
        for r in rows() {
            // A row whose digest is not `len` bytes long would make the
            // function read past it: left out (the tests notice the gap).
            if (r.actual_len)() != r.len {
                continue;
            }
            let mut version = format!("{} {}", r.package, lock_version(r.package));
            if let Some(p) = code_path(r.package) {
                version += &format!(" ({p})");
            }
            v.push(HbRustEntry {
                algo: cstr(r.algo.to_string()),
                id: cstr(r.id.to_string()),
                version: cstr(version),
                digest_len: r.len,
                func: r.func,
            });
        }
        Table(v)
    })
}

/// The ABI version of this library (`HB_RUST_ABI`).
#[no_mangle]
pub extern "C" fn hb_rust_abi() -> u32 {
    HB_RUST_ABI
}

/// Every function of this library, as `*count` rows.  Built once; the
/// memory lives as long as the library is loaded.
#[no_mangle]
pub unsafe extern "C" fn hb_rust_entries(count: *mut usize) -> *const HbRustEntry {
    let t = table();
    if !count.is_null() {
        *count = t.0.len();
    }
    t.0.as_ptr()
}

/// How this copy was built: "rustc 1.95.0 (...), -C target-cpu=native".
#[no_mangle]
pub extern "C" fn hb_rust_build() -> *const c_char {
    concat!(env!("HB_RUST_BUILD"), "\0").as_ptr().cast()
}
