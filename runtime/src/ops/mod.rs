//! Typed handles for upstream MLIR ops (C++'s `arith::MulFOp`,
//! `func::CallOp`, ...), generated from MLIR 22's own ODS records by
//! `scripts/gen-upstream-ops.py`, for ten dialects: [`affine`], [`arith`],
//! [`cf`], [`func`], [`llvm`] (the ops of `LLVMOps.td`, not the intrinsics),
//! [`math`], [`memref`], [`scf`], [`tensor`] and [`vector`]. The script
//! writes each dialect's ops as a table, an entry of data an op, and the
//! `op!` macro (`macros.rs`) expands each entry into the handle.
//!
//! They are the same model of a typed op as the ops a Rust dialect declares
//! with `#[mlir_op]`: each implements [`Op`](crate::dialect::Op) (checked
//! cast, name, an [`OpDefinition`](crate::dialect::OpDefinition) read from
//! ODS), so it roots an [`OpRewritePattern`](crate::dialect::OpRewritePattern)
//! or an [`OpConversionPattern`](crate::dialect::OpConversionPattern), and
//! each has:
//! - accessors by ODS name, in snake case (`lhs()`, `fastmath()`,
//!   `lower_bound_map()`): operands and results as values (a `Vec` for a
//!   variadic group), enum attributes as Rust enums, unit attributes as
//!   `bool`, other attributes as melior's `Attribute`;
//! - `create(rewriter, location, ...)` (ops without regions or
//!   successors), C++'s `OpTy::create`: the op built and inserted at the
//!   rewriter's insertion point ([`OpBuilder`]) in one call into MLIR,
//!   returned as its handle;
//! - `build(location, ...)`, C++'s default builder: a detached op (for ops
//!   with regions, or IR built outside a pattern), to insert with
//!   `insert_op` or append to a block;
//! - both take result types (unless ODS says how to infer them), operands,
//!   attributes, regions and successors, in ODS's order, each typed, so that
//!   a wrong count or kind of argument is a compile error; the name is the
//!   op's own;
//! - `adaptor(operands)`, ODS's `Adaptor`: the operands by name, read from
//!   a conversion pattern's remapped operands.
//!
//! ```ignore
//! use mlir_pass::ops::{arith, math};
//! impl OpConversionPattern for ExpandFma {
//!     type Op<'a> = math::FmaOp<'a>;
//!     fn match_and_rewrite<'a>(&self, op: math::FmaOp<'a>, operands: &[Value<'_, '_>],
//!                              rewriter: &ConversionPatternRewriter<'_>) -> MatchResult {
//!         let operands = op.adaptor(operands);
//!         let flags = op.fastmath();
//!         let mul = arith::MulFOp::create(rewriter, op.location(), operands.a(), operands.b(), flags)?;
//!         let add = arith::AddFOp::create(rewriter, op.location(), mul.result(), operands.c(), flags)?;
//!         rewriter.replace_op_with_operation(op, add);
//!         Ok(())
//!     }
//! }
//! ```
//!
//! What MLIR's C++ checks, the handles do not repeat: `build` makes the op
//! as MLIR's generic builder does, and MLIR's verifier checks its
//! constraints (the definitions' constraints carry ODS's summaries and
//! accept every type: MLIR checks them). When the op's dialect is not loaded
//! in the context (where C++ asserts), `build` panics with a message and
//! `create` fails the pattern with an error naming the op and the dialect.
//! A variadic group of variadic groups (`cf.switch`'s case operands,
//! `llvm.call`'s operand bundles) is one `&[&[Value]]` argument, read back
//! flattened. Properties with no attribute form (seven in these dialects,
//! such as `llvm.add`'s overflow flags) are out of the C API's reach: the
//! handles neither read nor set them.

#[macro_use]
mod macros;
mod builder;
mod support;

pub mod affine;
pub mod arith;
pub mod cf;
pub mod func;
pub mod llvm;
pub mod math;
pub mod memref;
pub mod scf;
pub mod tensor;
pub mod vector;

pub use builder::OpBuilder;
pub use support::EnumAttribute;

#[cfg(test)]
mod tests {
    use melior::{dialect::DialectRegistry, utility::register_all_dialects, Context};
    use mlir_sys as sys;

    use crate::ffi::string_ref;

    /// Each generated module's op table and enum check.
    type Tables = (&'static [(&'static str, bool)], fn(&Context) -> Vec<String>);

    /// The generated modules, each once.
    const DIALECTS: [Tables; 10] = [
        (super::affine::OPS, super::affine::enum_round_trip_failures),
        (super::arith::OPS, super::arith::enum_round_trip_failures),
        (super::cf::OPS, super::cf::enum_round_trip_failures),
        (super::func::OPS, super::func::enum_round_trip_failures),
        (super::llvm::OPS, super::llvm::enum_round_trip_failures),
        (super::math::OPS, super::math::enum_round_trip_failures),
        (super::memref::OPS, super::memref::enum_round_trip_failures),
        (super::scf::OPS, super::scf::enum_round_trip_failures),
        (super::tensor::OPS, super::tensor::enum_round_trip_failures),
        (super::vector::OPS, super::vector::enum_round_trip_failures),
    ];

    fn context() -> Context {
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = Context::new();
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
        context
    }

    /// Every generated op is an op MLIR 22 registers, and every builder
    /// that leaves result types to MLIR builds an op that infers them.
    #[test]
    fn every_op_is_registered_and_every_inferring_builder_can_infer() {
        let context = context();
        let tables = DIALECTS.map(|(ops, _)| ops);
        let mut unknown = Vec::new();
        let mut not_inferring = Vec::new();
        for (name, infers) in tables.into_iter().flatten() {
            // SAFETY: a valid context; MLIR copies the name.
            unsafe {
                if !sys::mlirContextIsRegisteredOperation(context.to_raw(), string_ref(name)) {
                    unknown.push(*name);
                } else if *infers
                    && !sys::mlirOperationImplementsInterfaceStatic(
                        string_ref(name),
                        context.to_raw(),
                        sys::mlirInferTypeOpInterfaceTypeID(),
                    )
                {
                    not_inferring.push(*name);
                }
            }
        }
        assert!(unknown.is_empty(), "not registered: {unknown:?}");
        assert!(
            not_inferring.is_empty(),
            "no InferTypeOpInterface: {not_inferring:?}"
        );
        assert_eq!(tables.iter().map(|t| t.len()).sum::<usize>(), 304);
    }

    /// A typed accessor reads its operand or result in one call into the
    /// bridge, and an op built without the operands its kind has (never
    /// verified) panics naming what is missing, rather than reading past
    /// the op's operands.
    #[test]
    fn accessors_read_present_values_and_name_missing_ones() {
        use melior::ir::{
            attribute::IntegerAttribute,
            operation::{OperationBuilder, OperationLike},
            r#type::IntegerType,
            Location, ValueLike,
        };

        use crate::dialect::Op;

        let context = context();
        let location = Location::unknown(&context);
        let i32_type = IntegerType::new(&context, 32).into();
        let constant = OperationBuilder::new("arith.constant", location)
            .add_attributes(&[(
                melior::ir::Identifier::new(&context, "value"),
                IntegerAttribute::new(i32_type, 7).into(),
            )])
            .add_results(&[i32_type])
            .build()
            .unwrap();
        let x = constant.result(0).unwrap().into();
        let add = OperationBuilder::new("arith.addi", location)
            .add_operands(&[x, x])
            .add_results(&[i32_type])
            .build()
            .unwrap();
        let typed = super::arith::AddIOp::cast(&add).unwrap();
        assert_eq!(typed.lhs().to_raw().ptr, x.to_raw().ptr);
        assert_eq!(typed.rhs().to_raw().ptr, x.to_raw().ptr);
        assert_eq!(
            typed.result().to_raw().ptr,
            add.result(0).unwrap().to_raw().ptr
        );

        let short = OperationBuilder::new("arith.addi", location)
            .add_operands(&[x])
            .add_results(&[i32_type])
            .build()
            .unwrap();
        let typed = super::arith::AddIOp::cast(&short).unwrap();
        assert_eq!(typed.lhs().to_raw().ptr, x.to_raw().ptr);
        let panic = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| typed.rhs()))
            .expect_err("a missing operand panics");
        let message = panic.downcast_ref::<String>().unwrap();
        assert!(
            message.contains("'arith.addi' has no operand `rhs`"),
            "{message}"
        );

        // The pass handle's `operand` and `result` answer as melior's trait
        // methods called on the handle did before they existed, values and
        // errors alike (the op printed in its own scope, by the handle).
        // SAFETY: `short` outlives the handle.
        let handle = unsafe { crate::OperationRef::from_raw(short.to_raw()) };
        assert_eq!(
            handle.operand(0).unwrap(),
            OperationLike::operand(&handle, 0).unwrap()
        );
        assert_eq!(
            handle.result(0).unwrap().to_raw().ptr,
            OperationLike::result(&handle, 0).unwrap().to_raw().ptr
        );
        for index in [1, 2, usize::MAX] {
            assert_eq!(
                handle.operand(index).unwrap_err().to_string(),
                OperationLike::operand(&handle, index)
                    .unwrap_err()
                    .to_string()
            );
        }
        for index in [1, usize::MAX] {
            assert_eq!(
                handle.result(index).unwrap_err().to_string(),
                OperationLike::result(&handle, index)
                    .unwrap_err()
                    .to_string()
            );
        }
    }

    /// Every case of every generated enum builds an attribute MLIR accepts
    /// and reads back as itself.
    #[test]
    fn every_enum_case_round_trips_through_its_attribute() {
        let context = context();
        let failures: Vec<String> = DIALECTS
            .iter()
            .flat_map(|(_, enums)| enums(&context))
            .collect();
        assert!(failures.is_empty(), "{failures:#?}");
    }
}
