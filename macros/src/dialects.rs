//! The dialects MLIR 22's C API exposes a handle for
//! (`mlirGetDialectHandle__<namespace>__`), which `dialects = [...]` accepts.

/// Every accepted dialect namespace, sorted.
pub const KNOWN: &[&str] = &[
    "acc",
    "affine",
    "amdgpu",
    "amx",
    "arith",
    "arm_neon",
    "arm_sme",
    "arm_sve",
    "async",
    "bufferization",
    "cf",
    "complex",
    "dlti",
    "emitc",
    "func",
    "gpu",
    "index",
    "irdl",
    "linalg",
    "llvm",
    "math",
    "memref",
    "ml_program",
    "mpi",
    "nvgpu",
    "nvvm",
    "omp",
    "pdl",
    "pdl_interp",
    "ptr",
    "quant",
    "rocdl",
    "scf",
    "shape",
    "shard",
    "smt",
    "sparse_tensor",
    "spirv",
    "tensor",
    "tosa",
    "transform",
    "ub",
    "vcix",
    "vector",
    "wasmssa",
    "x86vector",
    "xegpu",
    "xevm",
];

/// The known dialect closest to `name`, if one is close enough to suggest.
pub fn closest(name: &str) -> Option<&'static str> {
    KNOWN
        .iter()
        .map(|known| (edit_distance(name, known), *known))
        .filter(|(d, known)| *d <= 2.max(known.len() / 3))
        .min()
        .map(|(_, known)| known)
}

/// Levenshtein distance, for "did you mean" suggestions.
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}
