//! The `reff` dialect: ops with memory effects and speculation, each shaped
//! after an upstream op so that the tests compare what MLIR's passes do with
//! ours and with theirs, byte for byte: `reff.alloc`, `reff.alloca`,
//! `reff.load`, `reff.copy` and `reff.dealloc` declare the effects of
//! `memref.alloc`, `memref.alloca`, `memref.load`, `memref.copy` and
//! `memref.dealloc` as data; `reff.copy_by_method` says `memref.copy`'s by
//! a method; `reff.divui` is `arith.divui` (`ConditionallySpeculatable`:
//! speculatable when the divisor is a non-zero constant); `reff.touch`
//! writes a resource of its own; `reff.bad` misuses the interfaces on
//! request.

#![deny(unsafe_code)]

use mlir_pass::dialect::Op;
use mlir_pass::dialect::{
    mlir_dialect, mlir_op,
    ods::{AnyMemRef, AnyType, Index, SignlessIntegerOrFloatLike, StrAttr, I64},
    Effects, MemoryEffect, Speculatability, ValueNames,
};
use mlir_pass::ir::ValueExt;
use mlir_pass::melior::ir::{operation::OperationLike, BlockLike};

/// Ops with memory effects.
#[mlir_dialect(name = "reff")]
pub struct REffDialect;

/// `memref.alloc` again: allocates its result (named as upstream names it).
#[mlir_op(
    dialect = REffDialect,
    name = "alloc",
    format = "`(` `)` attr-dict `:` type($memref)",
    interfaces = [OpAsmOpInterface(result_names)],
    effects = [MemAlloc(memref)]
)]
pub struct AllocOp {
    /// The buffer.
    #[result]
    memref: AnyMemRef,
}

/// `memref.alloca` again: allocates its result in the automatic allocation
/// scope.
#[mlir_op(
    dialect = REffDialect,
    name = "alloca",
    format = "`(` `)` attr-dict `:` type($memref)",
    interfaces = [OpAsmOpInterface(result_names)],
    effects = [MemAlloc(memref, "AutomaticAllocationScope")]
)]
pub struct AllocaOp {
    /// The buffer.
    #[result]
    memref: AnyMemRef,
}

impl AllocOp<'_> {
    fn result_names(&self, names: &mut ValueNames<'_>) {
        names.set(self.memref(), "alloc");
    }
}

impl AllocaOp<'_> {
    fn result_names(&self, names: &mut ValueNames<'_>) {
        names.set(self.memref(), "alloca");
    }
}

/// `memref.load` again: reads its buffer.
#[mlir_op(
    dialect = REffDialect,
    name = "load",
    traits = [TypesMatchWith("result type matches element type of 'memref'", memref, result, ElementType)],
    format = "$memref `[` $index `]` attr-dict `:` type($memref)",
    effects = [MemRead(memref)]
)]
pub struct LoadOp {
    /// The buffer.
    #[operand]
    memref: AnyMemRef,
    /// Where (one index: the tests load from rank-1 buffers).
    #[operand]
    index: Index,
    /// The value.
    #[result]
    result: AnyType,
}

/// `memref.copy` again: reads its source, writes its target.
#[mlir_op(
    dialect = REffDialect,
    name = "copy",
    format = "$source `,` $target attr-dict `:` type($source) `to` type($target)",
    effects = [MemRead(source), MemWrite(target)]
)]
pub struct CopyOp {
    /// What is copied.
    #[operand]
    source: AnyMemRef,
    /// Where to.
    #[operand]
    target: AnyMemRef,
}

/// `memref.copy`'s effects said by a method.
#[mlir_op(
    dialect = REffDialect,
    name = "copy_by_method",
    format = "$source `,` $target attr-dict `:` type($source) `to` type($target)",
    interfaces = [MemoryEffectOpInterface]
)]
pub struct CopyByMethodOp {
    /// What is copied.
    #[operand]
    source: AnyMemRef,
    /// Where to.
    #[operand]
    target: AnyMemRef,
}

impl CopyByMethodOp<'_> {
    fn effects(&self, effects: &mut Effects<'_>) {
        effects.add_on(MemoryEffect::Read, self.source(), "");
        effects.add_on(MemoryEffect::Write, self.target(), "");
    }
}

/// `memref.dealloc` again: frees its buffer.
#[mlir_op(
    dialect = REffDialect,
    name = "dealloc",
    format = "$memref attr-dict `:` type($memref)",
    effects = [MemFree(memref)]
)]
pub struct DeallocOp {
    /// The buffer.
    #[operand]
    memref: AnyMemRef,
}

/// Writes the resource `Cache` (on the op, no value).
#[mlir_op(
    dialect = REffDialect,
    name = "touch",
    format = "attr-dict",
    effects = [MemWrite("Cache"), MemRead]
)]
pub struct TouchOp {}

/// `arith.divui` again: no memory effect; speculatable when the divisor is
/// a non-zero constant (a division by zero is undefined behaviour).
#[mlir_op(
    dialect = REffDialect,
    name = "divui",
    traits = [NoMemoryEffect, AllTypesMatch(lhs, rhs, result)],
    format = "$lhs `,` $rhs attr-dict `:` type($result)",
    interfaces = [ConditionallySpeculatable]
)]
pub struct DivUIOp {
    /// The dividend.
    #[operand]
    lhs: SignlessIntegerOrFloatLike,
    /// The divisor.
    #[operand]
    rhs: SignlessIntegerOrFloatLike,
    /// The quotient.
    #[result]
    result: SignlessIntegerOrFloatLike,
}

impl DivUIOp<'_> {
    fn speculatability(&self) -> Speculatability {
        match self.rhs().constant_int() {
            Some(divisor) if !divisor.is_zero() => Speculatability::Speculatable,
            _ => Speculatability::NotSpeculatable,
        }
    }
}

/// Misuses the interfaces on request (`how`): `"panic"` panics in
/// `effects`, `"foreign"` gives an effect on a value that is not its own,
/// `"speculate"` panics in `speculatability`; otherwise it reads `input`
/// and is speculatable.
#[mlir_op(
    dialect = REffDialect,
    name = "bad",
    interfaces = [MemoryEffectOpInterface, ConditionallySpeculatable]
)]
pub struct BadOp {
    /// The misuse.
    #[attr]
    how: StrAttr,
    /// A value.
    #[operand]
    input: I64,
    /// Another.
    #[result]
    result: I64,
}

impl BadOp<'_> {
    fn effects(&self, effects: &mut Effects<'_>) {
        match self.how().value() {
            "panic" => panic!("effects blew up"),
            "foreign" => {
                // The last argument of the enclosing block, which the
                // tests do not pass to the op.
                let block = self.operation().block().expect("in a block");
                let last = block.argument_count() - 1;
                let argument = block.argument(last).expect("an argument");
                effects.add_on(MemoryEffect::Read, argument, "");
            }
            _ => effects.add_on(MemoryEffect::Read, self.input(), ""),
        }
    }

    fn speculatability(&self) -> Speculatability {
        if self.how().value() == "speculate" {
            panic!("speculation blew up");
        }
        Speculatability::Speculatable
    }
}
