//! Rust ports of two upstream dialect conversions, under `rs-` arguments,
//! on MLIR's conversion driver through [`mlir_pass::conversion`]. Each gives
//! byte-identical output to the upstream pass (see the differential tests in
//! `tests/integration/ir/conversions.rs`).

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
};

use mlir_pass::{
    conversion::{
        apply_partial_conversion, ConversionConfig, ConversionPattern, ConversionPatternRewriter,
        ConversionPatternSet, ConversionTarget, PatternRoot, TypeConversion, TypeConverter,
    },
    ir::{OperationExt, TypeExt},
    melior::ir::{
        attribute::{DenseElementsAttribute, FloatAttribute},
        operation::{OperationLike, OperationMutLike},
        r#type::FunctionType,
        Attribute, BlockLike, Location, Region, RegionLike, Type, TypeLike, Value, ValueLike,
    },
    mlir_pass,
    ops::{arith, func, vector},
    rewrite::{MatchResult, NoMatch},
    ContextRef, OperationRef, Pass, PassError,
};

// ---------------------------------------------------------------------------
// convert-math-to-libm
// ---------------------------------------------------------------------------

/// The math ops with a libm counterpart: (op, f32 function, f64 function),
/// in upstream's order.
pub const LIBM_FUNCTIONS: &[(&str, &str, &str)] = &[
    ("math.absf", "fabsf", "fabs"),
    ("math.acos", "acosf", "acos"),
    ("math.acosh", "acoshf", "acosh"),
    ("math.asin", "asinf", "asin"),
    ("math.asinh", "asinhf", "asinh"),
    ("math.atan2", "atan2f", "atan2"),
    ("math.atan", "atanf", "atan"),
    ("math.atanh", "atanhf", "atanh"),
    ("math.cbrt", "cbrtf", "cbrt"),
    ("math.ceil", "ceilf", "ceil"),
    ("math.cos", "cosf", "cos"),
    ("math.cosh", "coshf", "cosh"),
    ("math.erf", "erff", "erf"),
    ("math.erfc", "erfcf", "erfc"),
    ("math.exp", "expf", "exp"),
    ("math.exp2", "exp2f", "exp2"),
    ("math.expm1", "expm1f", "expm1"),
    ("math.floor", "floorf", "floor"),
    ("math.fma", "fmaf", "fma"),
    ("math.log", "logf", "log"),
    ("math.log2", "log2f", "log2"),
    ("math.log10", "log10f", "log10"),
    ("math.log1p", "log1pf", "log1p"),
    ("math.powf", "powf", "pow"),
    ("math.roundeven", "roundevenf", "roundeven"),
    ("math.round", "roundf", "round"),
    ("math.sin", "sinf", "sin"),
    ("math.sinh", "sinhf", "sinh"),
    ("math.sqrt", "sqrtf", "sqrt"),
    ("math.rsqrt", "rsqrtf", "rsqrt"),
    ("math.tan", "tanf", "tan"),
    ("math.tanh", "tanhf", "tanh"),
    ("math.trunc", "truncf", "trunc"),
];

/// Converts Math dialect to libm calls.
///
/// The port of MLIR's `convert-math-to-libm`: every math op with a libm
/// counterpart (on `f32` and `f64`) becomes a `func.call` of it, with a
/// private declaration (`llvm.readnone`) added at the top of the nearest
/// symbol table when missing; `f16` and `bf16` ops are computed in `f32`
/// (`arith.extf`, call, `arith.truncf`), vector ops are unrolled element by
/// element. A math op left (no counterpart, or another type) fails the pass.
///
/// Where upstream crashes (a math op nested in a one-region op of a dialect
/// that is not loaded, which `SymbolTable::getNearestSymbolTable` answers
/// with null), the declaration goes into the nearest op that is a symbol
/// table, as upstream does when that op's dialect is loaded.
#[mlir_pass(
    name = "ConvertMathToLibmPass",
    argument = "rs-convert-math-to-libm",
    op = "builtin.module",
    dialects = [arith, func, vector]
)]
#[derive(Clone, Debug, Default)]
pub struct ConvertMathToLibm;

impl Pass for ConvertMathToLibm {
    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let mut target = ConversionTarget::new(op.context());
        target
            .add_legal_dialect("arith")
            .add_legal_dialect("builtin")
            .add_legal_dialect("func")
            .add_legal_dialect("vector")
            .add_illegal_dialect("math");
        let mut patterns = ConversionPatternSet::builder(op.context());
        let lookups = Lookups::default();
        for &(root, float, double) in LIBM_FUNCTIONS {
            for kind in [Kind::Unroll, Kind::Promote, Kind::Call] {
                patterns = patterns.add(MathToLibm {
                    lookups: lookups.clone(),
                    kind,
                    root,
                    float,
                    double,
                });
            }
        }
        apply_partial_conversion(
            op,
            &target,
            &patterns.freeze(),
            &ConversionConfig::default(),
        )
    }
}

/// What `SymbolTable::lookupSymbolIn` found in a symbol table (by its
/// address) for a name: whether the first op so named is a symbol. Upstream
/// scans the table's body for every call; the scan is slower through the C
/// API, so each run of the pass remembers its answers. They stay right
/// while the conversion runs: the only ops it adds to a table are the
/// declarations (recorded as they are made, before anything that could fail
/// in their pattern), a pattern that made one is never rolled back but with
/// the whole conversion (every scalar op of an unrolled or promoted op has
/// the same type, so all of them become calls, or none), and the ops it
/// replaces stay in place until it ends.
type Lookups = Arc<Mutex<HashMap<(usize, &'static str), bool>>>;

/// Which of upstream's three patterns for an op.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `VecOpToScalarOp`: vector results.
    Unroll,
    /// `PromoteOpToF32`: `f16` and `bf16` results.
    Promote,
    /// `ScalarOpToLibmCall`: `f32` and `f64` results.
    Call,
}

/// One of upstream's three patterns for an op (`VecOpToScalarOp`,
/// `PromoteOpToF32`, `ScalarOpToLibmCall`). They match disjoint result
/// types, but must stay three patterns: the conversion driver does not
/// apply a pattern again to the ops it created (the scalar op of an
/// unrolled vector op, the `f32` op of a promoted one).
struct MathToLibm {
    lookups: Lookups,
    kind: Kind,
    root: &'static str,
    float: &'static str,
    double: &'static str,
}

impl ConversionPattern for MathToLibm {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::Op(self.root)
    }

    /// Upstream gives the three benefit 1. As they match disjoint types,
    /// the order they are tried in changes nothing but the time spent on
    /// the ones that do not match: the call (the most frequent) goes first.
    fn benefit(&self) -> u16 {
        match self.kind {
            Kind::Call => 3,
            Kind::Unroll => 2,
            Kind::Promote => 1,
        }
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let ty = op.result(0)?.r#type();
        let context = rewriter.context();
        match self.kind {
            Kind::Unroll if ty.is_vector() => self.unroll(op, ty, operands, rewriter),
            Kind::Promote if ty == Type::float16(context) || ty == Type::bfloat16(context) => {
                self.promote(op, ty, operands, rewriter)
            }
            Kind::Call if ty == Type::float32(context) || ty == Type::float64(context) => {
                self.call(op, ty, operands, rewriter)
            }
            _ => Err(NoMatch),
        }
    }
}

impl MathToLibm {
    /// `VecOpToScalarOp`: one scalar op per element, row-major.
    fn unroll(
        &self,
        op: OperationRef<'_>,
        ty: Type<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let context = rewriter.context();
        let location = op.location();
        // Scalable dimensions at their static size, as upstream reads them.
        let shape = ty.shape().ok_or(NoMatch)?;
        let element = ty.element_type_or_self();
        let zero =
            DenseElementsAttribute::new(ty, &[FloatAttribute::new(context, element, 0.0).into()])
                .map_err(|_| NoMatch)?;
        let constant = arith::ConstantOp::create(rewriter, location, ty, zero.into())?;
        let mut result: Value = constant.result();
        let count: i64 = shape.iter().product();
        // Row-major strides.
        let mut strides = vec![1i64; shape.len()];
        for i in (0..shape.len().saturating_sub(1)).rev() {
            strides[i] = strides[i + 1] * shape[i + 1];
        }
        for linear in 0..count {
            let position: Vec<i64> = strides
                .iter()
                .zip(&shape)
                .map(|(stride, size)| linear / stride % size)
                .collect();
            let mut scalars = Vec::with_capacity(operands.len());
            for operand in operands {
                let extract =
                    vector::ExtractOp::create(rewriter, location, *operand, &[], &position)?;
                scalars.push(extract.result());
            }
            // The op's own kind, on the scalars (C++'s `rewriter.create<Op>`
            // in a pattern templated on the op).
            let scalar = rewriter.create(self.root, location, &scalars, &[element], &[])?;
            let insert = vector::InsertOp::create(
                rewriter,
                location,
                ty,
                scalar.result(0)?.into(),
                result,
                &[],
                &position,
            )?;
            result = insert.result();
        }
        rewriter.replace_op_with_values(op, &[result]);
        Ok(())
    }

    /// `PromoteOpToF32`: the op computed in `f32`.
    fn promote(
        &self,
        op: OperationRef<'_>,
        ty: Type<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let context = rewriter.context();
        let location = op.location();
        let f32 = Type::float32(context);
        let mut extended = Vec::with_capacity(operands.len());
        for operand in operands {
            let extf = arith::ExtFOp::create(rewriter, location, f32, *operand, None)?;
            extended.push(extf.out());
        }
        let wide = rewriter.create(self.root, location, &extended, &[f32], &[])?;
        let truncf =
            arith::TruncFOp::create(rewriter, location, ty, wide.result(0)?.into(), None, None)?;
        rewriter.replace_op_with_values(op, &[truncf.out()]);
        Ok(())
    }

    /// `ScalarOpToLibmCall`: a call of the libm function, declared if needed.
    fn call(
        &self,
        op: OperationRef<'_>,
        ty: Type<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let context = rewriter.context();
        let name = if ty == Type::float64(context) {
            self.double
        } else {
            self.float
        };
        let table = nearest_symbol_table(op).ok_or(NoMatch)?;
        let body = table.region(0)?.first_block().ok_or(NoMatch)?;
        let call = func::CallOp::build(op.location(), &[ty], name, operands, None, None, false);
        // `SymbolTable::lookupSymbolIn`: the first op of the body named so,
        // used when it is a symbol. Scanned once per table and name, then
        // remembered (see `Lookups`).
        let key = (table.to_raw().ptr as usize, name);
        let known = self.lookups.lock().map_err(|_| NoMatch)?.get(&key).copied();
        let is_symbol = match known {
            Some(is_symbol) => is_symbol,
            None => {
                let mut existing = None;
                let mut next = body.first_operation();
                while let Some(candidate) = next {
                    if candidate.str_attr("sym_name") == Some(name) {
                        existing = Some(candidate);
                        break;
                    }
                    next = candidate.next_in_block();
                }
                existing.is_some_and(|symbol| symbol.is_symbol())
            }
        };
        if !is_symbol {
            let inputs: Vec<Type> = op.operands().map(|v| v.r#type()).collect();
            let function_type = FunctionType::new(context, &inputs, &[ty]);
            rewriter.set_insertion_point_to_start(body);
            let mut declaration = func::FuncOp::build(
                Location::unknown(context),
                name,
                function_type.into(),
                Some("private"),
                None,
                None,
                false,
                Region::new(),
            );
            // A discardable attribute, which upstream sets after building.
            declaration.set_attribute("llvm.readnone", Attribute::unit(context));
            rewriter.insert(declaration);
            rewriter.set_insertion_point_before(op);
        }
        // The new declaration (at the top) is now the first op so named.
        self.lookups.lock().map_err(|_| NoMatch)?.insert(key, true);
        let call = rewriter.insert(call);
        rewriter.replace_op_with_values(op, &[call.result(0)?.into()]);
        Ok(())
    }
}

/// The nearest ancestor of `op` that is a symbol table. Upstream's
/// `getNearestSymbolTable` gives up (null, then a crash) at a one-region op
/// of no loaded dialect; this goes on to the op that is one.
fn nearest_symbol_table<'c>(
    op: OperationRef<'c>,
) -> Option<mlir_pass::melior::ir::OperationRef<'c, 'c>> {
    let mut current = op.melior().parent_operation();
    while let Some(candidate) = current {
        if candidate.is_symbol_table() {
            return Some(candidate);
        }
        current = candidate.parent_operation();
    }
    None
}

// ---------------------------------------------------------------------------
// math-extend-to-supported-types
// ---------------------------------------------------------------------------

/// Builds a float type in a context.
type MakeFloat = for<'c> fn(&'c mlir_pass::melior::Context) -> Type<'c>;

/// The float types `arith::parseFloatType` knows, by name, with their
/// builders: melior's, and for f80 and f128 (which neither melior nor MLIR's
/// C API builds) their names parsed.
const FLOAT_TYPES: &[(&str, MakeFloat)] = &[
    ("f4E2M1FN", |cx| Type::float4_e2m1fn(cx)),
    ("f6E2M3FN", |cx| Type::float6_e2m3fn(cx)),
    ("f6E3M2FN", |cx| Type::float6_e3m2fn(cx)),
    ("f8E5M2", |cx| Type::float8_e5m2(cx)),
    ("f8E4M3", |cx| Type::float8_e4m3(cx)),
    ("f8E4M3FN", |cx| Type::float8_e4m3fn(cx)),
    ("f8E5M2FNUZ", |cx| Type::float8_e5m2fnuz(cx)),
    ("f8E4M3FNUZ", |cx| Type::float8_e4m3fnuz(cx)),
    ("f8E3M4", |cx| Type::float8_e3m4(cx)),
    ("f8E8M0FNU", |cx| Type::float8_e8m0fnu(cx)),
    ("bf16", |cx| Type::bfloat16(cx)),
    ("f16", |cx| Type::float16(cx)),
    ("f32", |cx| Type::float32(cx)),
    ("f64", |cx| Type::float64(cx)),
    ("f80", |cx| builtin_type(cx, "f80")),
    ("f128", |cx| builtin_type(cx, "f128")),
];

/// A builtin type by its name.
fn builtin_type<'c>(context: &'c mlir_pass::melior::Context, name: &'static str) -> Type<'c> {
    mlir_pass::ir::parse_type(context, name).expect("a builtin type")
}

/// What identifies a float type of `FLOAT_TYPES`: its TypeID (each is a
/// class of its own, without parameters; the same in every context), as an
/// address that the conversions, which outlive a borrow of the context, hold.
fn float_id(ty: Type<'_>) -> usize {
    ty.id().to_raw().ptr as usize
}

/// Legalize floating-point math ops on low-precision floats.
///
/// The port of MLIR's `math-extend-to-supported-types`: a math op on a
/// floating-point type (scalar, or the elements of a vector or tensor) that
/// is neither `f64`, `f32` nor in `extra-types` is computed in
/// `target-type` instead: `arith.extf` of its operands, the op on the wider
/// type, and `arith.truncf` of its results (both `fastmath<contract>`).
/// `math.fma` is left as it is.
#[mlir_pass(
    name = "MathExtendToSupportedTypes",
    argument = "rs-math-extend-to-supported-types",
    dialects = [math, arith]
)]
#[derive(Clone, Debug, Default)]
pub struct MathExtendToSupportedTypes {
    /// MLIR types with arithmetic support on a given target (f64 and f32 are implicitly supported)
    #[option]
    pub extra_types: Vec<String>,
    /// MLIR type to convert the unsupported source types to
    #[option(default = "f32")]
    pub target_type: String,
    /// The conversion, built once from the options by `initialize` and
    /// shared by every clone (upstream builds it on every run); `None` when
    /// an option names no float type (`run` reports it).
    conversion: Option<Arc<Extension>>,
}

/// The target and patterns of [`MathExtendToSupportedTypes`].
#[derive(Debug)]
struct Extension {
    target: ConversionTarget,
    patterns: ConversionPatternSet,
}

/// `arith::parseFloatType`: the builder of the float type `name`.
fn float_type(name: &str) -> Option<MakeFloat> {
    FLOAT_TYPES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, make)| *make)
}

impl MathExtendToSupportedTypes {
    /// The supported types and the builder of the target type; or the
    /// message of the first option that names no float type.
    fn types(
        &self,
        context: &mlir_pass::melior::Context,
    ) -> Result<(Vec<usize>, MakeFloat), String> {
        let Some(target) = float_type(&self.target_type) else {
            return Err(format!(
                "could not map target type '{}' to a known floating-point type",
                self.target_type
            ));
        };
        let mut sources = Vec::new();
        for name in &self.extra_types {
            let Some(make) = float_type(name) else {
                return Err(format!(
                    "could not map source type '{name}' to a known floating-point type"
                ));
            };
            sources.push(float_id(make(context)));
        }
        sources.push(float_id(Type::float64(context)));
        sources.push(float_id(Type::float32(context)));
        Ok((sources, target))
    }

    /// Upstream's type converter, target and pattern.
    fn build(context: ContextRef<'_>, sources: Vec<usize>, target: MakeFloat) -> Extension {
        let sources: Arc<[usize]> = sources.into();
        let mut converter = TypeConverter::new();
        converter.add_identity_conversion();
        {
            let sources = sources.clone();
            converter.add_conversion(move |ty, context| {
                if ty.is_float() && !sources.contains(&float_id(ty)) {
                    TypeConversion::to(target(context))
                } else {
                    TypeConversion::NotApplicable
                }
            });
        }
        converter.add_conversion(move |ty, context| {
            if !ty.is_shaped() {
                return TypeConversion::NotApplicable;
            }
            let element = ty.element_type_or_self();
            if !element.is_float() || sources.contains(&float_id(element)) {
                return TypeConversion::NotApplicable;
            }
            ty.with_element_type(target(context))
                .map_or(TypeConversion::Failed, TypeConversion::to)
        });
        converter.add_target_materialization(|builder, ty, inputs, location| {
            let [input] = inputs else { return None };
            let extf = arith::ExtFOp::build(location, ty, *input, Some(CONTRACT));
            builder.insert(extf).result(0).ok().map(Into::into)
        });

        // Upstream: every op is legal but the math ops whose types do not
        // convert to themselves (by the dialect of the op, which for an op of
        // no registered kind is that of its name's namespace once loaded,
        // as math is here). The dialects named legal answer what the
        // callback would, without calling it on each op.
        let mut target = ConversionTarget::new(context);
        target.add_type_legal_dialect("math", &converter);
        for dialect in COMMON_DIALECTS {
            target.add_legal_dialect(dialect);
        }
        target
            .mark_unknown_ops_dynamically_legal(|_| true)
            .add_legal_op("math.fma")
            .add_legal_op("arith.extf")
            .add_legal_op("arith.truncf");
        let patterns = ConversionPatternSet::builder(context)
            .add_with_converter(ExtendToSupportedTypes, &converter)
            .freeze();
        Extension { target, patterns }
    }
}

impl Pass for MathExtendToSupportedTypes {
    fn initialize(&mut self, context: ContextRef<'_>) -> Result<(), PassError> {
        self.conversion = self
            .types(context.melior())
            .ok()
            .map(|(sources, target)| Arc::new(Self::build(context, sources, target)));
        Ok(())
    }

    fn run(&mut self, op: OperationRef<'_>) -> Result<(), PassError> {
        let conversion = match &self.conversion {
            Some(conversion) => conversion.clone(),
            None => match self.types(op.melior_context()) {
                Err(message) => {
                    op.context().unknown_location().emit_error(&message);
                    return Err(PassError::reported());
                }
                // Not initialized (a pass run outside a pass manager).
                Ok((sources, target)) => Arc::new(Self::build(op.context(), sources, target)),
            },
        };
        apply_partial_conversion(
            op,
            &conversion.target,
            &conversion.patterns,
            &ConversionConfig::default(),
        )
    }
}

/// Dialects other than math that are common in the functions the extension
/// runs on.
const COMMON_DIALECTS: &[&str] = &[
    "affine", "arith", "builtin", "cf", "complex", "func", "gpu", "index", "linalg", "llvm",
    "memref", "scf", "tensor", "vector",
];

/// `#arith.fastmath<contract>`, which upstream gives the casts it creates.
const CONTRACT: arith::FastMathFlags = arith::FastMathFlags::CONTRACT;

/// Upstream's `ExtendToSupportedTypesRewritePattern`, on any op.
struct ExtendToSupportedTypes;

impl ConversionPattern for ExtendToSupportedTypes {
    fn root(&self) -> PatternRoot<'_> {
        PatternRoot::AnyOp
    }

    fn match_and_rewrite(
        &self,
        op: OperationRef<'_>,
        operands: &[Value<'_, '_>],
        rewriter: &ConversionPatternRewriter<'_>,
    ) -> MatchResult {
        let converter = rewriter.type_converter().ok_or(NoMatch)?;
        let original = op.melior();
        // Upstream's `convertOpResultTypes`, which fails when the op is
        // legal already or a result type does not convert.
        let new_op = rewriter.convert_op_result_types(original, operands, converter)?;
        let location = original.location();
        let mut results: Vec<Value> = Vec::with_capacity(original.result_count());
        for (index, old) in original.results().enumerate() {
            let result: Value = new_op.result(index)?.into();
            if result.r#type() == old.r#type() {
                results.push(result);
                continue;
            }
            let truncf = arith::TruncFOp::create(
                rewriter,
                location,
                old.r#type(),
                result,
                None,
                Some(CONTRACT),
            )?;
            results.push(truncf.out());
        }
        rewriter.replace_op_with_values(original, &results);
        Ok(())
    }
}
