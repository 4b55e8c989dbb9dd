//! The `rbits` dialect (as long a name as `arith`, so that columns in
//! messages match): bit enums (`#[mlir_enum(bit)]`, ODS's
//! `I32BitEnumAttr`), shaped after upstream's so that the tests compare
//! them with MLIR's own byte for byte: `FastMath` is `arith`'s
//! `FastMathFlags` (`,` between cases, the `fast` group printed first),
//! `#rbits.fastmath<...>` is `#arith.fastmath<...>` and `rbits.addf` is
//! `arith.addf`. `Access` is a bit enum with the defaults (`|` between
//! cases, no none case, every case printed) and groups, held by
//! `rbits.access` as a plain op attribute and by `#rbits.access<...>` as
//! a parameter.

use mlir_pass::dialect::{
    mlir_attr, mlir_dialect, mlir_enum, mlir_op,
    ods::{AnyFloat, I64},
    Flags,
};

/// Bit enums.
#[mlir_dialect(name = "rbits")]
pub struct RBitsDialect;

/// Floating point fast math flags (`arith`'s `FastMathFlags`).
#[mlir_enum(
    bit,
    separator = ",",
    print_primary_groups,
    name = "::mlir::arith::FastMathFlags"
)]
#[derive(Debug)]
pub enum FastMath {
    /// No flag.
    None = 0,
    /// Reassociation.
    Reassoc = 1 << 0,
    /// No NaNs.
    Nnan = 1 << 1,
    /// No infinities.
    Ninf = 1 << 2,
    /// No signed zeros.
    Nsz = 1 << 3,
    /// Reciprocals.
    Arcp = 1 << 4,
    /// Contraction.
    Contract = 1 << 5,
    /// Approximate functions.
    Afn = 1 << 6,
    /// All of them.
    Fast = Reassoc | Nnan | Ninf | Nsz | Arcp | Contract | Afn,
}

/// `#rbits.fastmath<nnan,ninf>`: `#arith.fastmath<...>` again.
#[mlir_attr(
    dialect = RBitsDialect,
    name = "fastmath",
    format = "`<` $value `>`",
    summary = "Floating point fast math flags"
)]
pub struct FastMathAttr {
    /// The flags.
    #[param]
    value: Flags<FastMath>,
}

/// `arith.addf` again, its flags an attribute of this dialect.
#[mlir_op(
    dialect = RBitsDialect,
    name = "addf",
    traits = [Pure, SameOperandsAndResultType],
    format = "$lhs `,` $rhs (`fastmath` `` $fastmath^)? attr-dict `:` type($result)"
)]
pub struct AddFOp {
    /// The left operand.
    #[operand]
    lhs: AnyFloat,
    /// The right operand.
    #[operand]
    rhs: AnyFloat,
    /// The fast-math flags.
    #[attr(default = "#rbits.fastmath<none>")]
    fastmath: FastMathAttr,
    /// The sum.
    #[result]
    result: AnyFloat,
}

/// Access rights: the defaults of a bit enum (`|`, every case printed,
/// no none case), in 64 bits, with groups.
#[mlir_enum(bit, width = 64, summary = "access rights")]
#[derive(Debug)]
pub enum Access {
    /// Read.
    Read = 1,
    /// Write.
    Write = 2,
    /// Execute.
    #[case("exec")]
    Execute = 4,
    /// Read and write.
    #[case("rw")]
    ReadWrite = Read | Write,
    /// The highest bit.
    High = 1 << 63,
}

/// `#rbits.access<read|write>`.
#[mlir_attr(dialect = RBitsDialect, name = "access", format = "`<` $value `>`")]
pub struct AccessAttr {
    /// The rights.
    #[param]
    value: Flags<Access>,
}

/// Holds access rights as a plain op attribute (`rbits.access read` or
/// `rbits.access "read|write|rw"`).
#[mlir_op(dialect = RBitsDialect, name = "access", format = "$rights attr-dict `:` type($result)")]
pub struct AccessOp {
    /// The rights.
    #[attr]
    rights: Flags<Access>,
    /// A handle.
    #[result]
    result: I64,
}
