//! The port of `math-extend-to-supported-types`.

use std::sync::Arc;

use mlir_pass::{
    conversion::{
        apply_partial_conversion, ConversionConfig, ConversionPattern, ConversionPatternRewriter,
        ConversionPatternSet, ConversionTarget, PatternRoot, TypeConversion, TypeConverter,
    },
    ir::TypeExt,
    melior::ir::{operation::OperationLike, Type, TypeLike, Value, ValueLike},
    mlir_pass,
    ops::arith,
    rewrite::{MatchResult, NoMatch},
    ContextRef, OperationRef, Pass, PassError,
};

/// The float types `arith::parseFloatType` knows, by name.
const FLOAT_TYPES: &[&str] = &[
    "f4E2M1FN",
    "f6E2M3FN",
    "f6E3M2FN",
    "f8E5M2",
    "f8E4M3",
    "f8E4M3FN",
    "f8E5M2FNUZ",
    "f8E4M3FNUZ",
    "f8E3M4",
    "f8E8M0FNU",
    "bf16",
    "f16",
    "f32",
    "f64",
    "f80",
    "f128",
];

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

/// `arith::parseFloatType`.
fn parse_float_type<'c>(context: &'c mlir_pass::melior::Context, name: &str) -> Option<Type<'c>> {
    if FLOAT_TYPES.contains(&name) {
        Type::parse(context, name)
    } else {
        None
    }
}

impl MathExtendToSupportedTypes {
    /// The supported types and the target type, by name; or the message of
    /// the first option that names no float type.
    fn types(&self, context: &mlir_pass::melior::Context) -> Result<(Vec<String>, String), String> {
        let Some(target_type) = parse_float_type(context, &self.target_type) else {
            return Err(format!(
                "could not map target type '{}' to a known floating-point type",
                self.target_type
            ));
        };
        let mut sources = Vec::new();
        for name in &self.extra_types {
            let Some(ty) = parse_float_type(context, name) else {
                return Err(format!(
                    "could not map source type '{name}' to a known floating-point type"
                ));
            };
            sources.push(ty.to_string());
        }
        sources.push("f64".into());
        sources.push("f32".into());
        Ok((sources, target_type.to_string()))
    }

    /// Upstream's type converter, target and pattern.
    fn build(context: ContextRef<'_>, sources: Vec<String>, target_name: String) -> Extension {
        let target_name: Arc<str> = target_name.into();
        let sources: Arc<[String]> = sources.into();
        let mut converter = TypeConverter::new();
        converter.add_identity_conversion();
        {
            let (sources, target_name) = (sources.clone(), target_name.clone());
            converter.add_conversion(move |ty, context| {
                if ty.is_float() && !sources.iter().any(|s| *s == ty.to_string()) {
                    Type::parse(context, &target_name)
                        .map_or(TypeConversion::Failed, TypeConversion::to)
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
            if !element.is_float() || sources.iter().any(|s| *s == element.to_string()) {
                return TypeConversion::NotApplicable;
            }
            Type::parse(context, &target_name)
                .and_then(|target| ty.with_element_type(target))
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
