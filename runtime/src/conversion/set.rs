//! [`ConversionPatternSet`]: Rust conversion patterns and upstream's, frozen
//! once.

use std::{fmt, sync::Arc};

use mlir_sys as sys;

use super::{
    pattern::{
        destroy_pattern, match_and_rewrite, match_and_rewrite_one_to_n, ConversionPattern,
        PatternEntry, PatternRoot,
    },
    target::ConversionTarget,
    types::{LlvmTypeConverter, TypeConverter},
};
use crate::{
    ffi::{
        bridge::{self, MlirPassBridgePopulateStatus, MlirPassBridgePopulator},
        string_ref,
    },
    handle::{ContextRef, OperationRef},
    rewrite::set::{check_root, freeze_raw},
    PassError,
};

/// Builds a [`ConversionPatternSet`]: Rust patterns
/// ([`add`](Self::add), [`add_with_converter`](Self::add_with_converter))
/// and upstream's populators, in one set as C++'s `RewritePatternSet`.
pub struct ConversionPatternSetBuilder {
    raw: sys::MlirRewritePatternSet,
    context: sys::MlirContext,
    /// Converters the patterns use: kept alive with the set.
    converters: Vec<TypeConverter>,
    /// Each Rust pattern's name and op root, checked when frozen.
    roots: Vec<(&'static str, String)>,
}

impl ConversionPatternSetBuilder {
    /// Adds `pattern`, with no type converter: its operands are given as
    /// they are (C++'s `OpConversionPattern(context)`).
    #[allow(clippy::should_implement_trait)]
    pub fn add<P: ConversionPattern>(self, pattern: P) -> Self {
        self.add_pattern(pattern, None)
    }

    /// Adds `pattern` with `converter`: its operands are given converted
    /// (materialized where needed), and the rewriter's
    /// [`type_converter`](super::ConversionPatternRewriter::type_converter)
    /// returns it (C++'s `OpConversionPattern(typeConverter, context)`).
    pub fn add_with_converter<P: ConversionPattern>(
        self,
        pattern: P,
        converter: &TypeConverter,
    ) -> Self {
        self.add_pattern(pattern, Some(converter.clone()))
    }

    /// Refuses a converter bound to another context than the set's.
    fn check_converter(&self, converter: &TypeConverter) {
        if let Some(context) = converter.context() {
            // SAFETY: both valid contexts.
            let same = unsafe { sys::mlirContextEqual(context, self.context) };
            assert!(
                same,
                "mlir-pass: the LlvmTypeConverter was made for another MLIR context than the \
                 conversion pattern set"
            );
        }
    }

    fn add_pattern<P: ConversionPattern>(
        mut self,
        pattern: P,
        converter: Option<TypeConverter>,
    ) -> Self {
        if let Some(converter) = &converter {
            self.check_converter(converter);
        }
        let name = crate::rewrite::short_type_name::<P>();
        let (root, any_op) = match pattern.root() {
            PatternRoot::Op(root) => (root.to_owned(), false),
            PatternRoot::AnyOp => (String::new(), true),
        };
        let benefit = pattern.benefit();
        let bounded = pattern.has_bounded_rewrite_recursion();
        let raw_converter = converter
            .as_ref()
            .map_or(std::ptr::null_mut(), TypeConverter::raw);
        let user_data = Box::into_raw(Box::new(PatternEntry {
            pattern: Box::new(pattern),
            name,
            converter,
            context: self.context,
        }));
        let callbacks = bridge::MlirPassBridgeConversionPatternCallbacks {
            matchAndRewrite: Some(match_and_rewrite::<P>),
            matchAndRewriteOneToN: Some(match_and_rewrite_one_to_n),
            destroy: Some(destroy_pattern),
        };
        // SAFETY: valid context and converter (kept alive by the entry);
        // the pattern owns `user_data` (released by `destroy_pattern`, also
        // when creation fails); the set takes the pattern.
        unsafe {
            let created = bridge::mlirPassBridgeConversionPatternCreate(
                self.context,
                string_ref(&root),
                any_op,
                u32::from(benefit),
                raw_converter,
                callbacks,
                user_data.cast(),
            );
            assert!(
                !created.ptr.is_null(),
                "mlir-pass: out of memory creating a conversion pattern"
            );
            if bounded {
                bridge::mlirPassBridgeConversionPatternSetBoundedRecursion(created, true);
            }
            sys::mlirRewritePatternSetAdd(self.raw, created);
        }
        if !any_op {
            self.roots.push((name, root));
        }
        self
    }

    fn populate(
        mut self,
        which: MlirPassBridgePopulator,
        converter: Option<&TypeConverter>,
        target: Option<&mut ConversionTarget>,
    ) -> Self {
        if let Some(converter) = converter {
            self.check_converter(converter);
        }
        let raw_converter = converter.map_or(std::ptr::null_mut(), TypeConverter::raw);
        let raw_target = target.as_ref().map_or(std::ptr::null_mut(), |t| t.raw());
        // SAFETY: valid set, converter and target; the converter is kept
        // alive by the set (and by the target when it gets rules from it).
        let status = unsafe {
            bridge::mlirPassBridgePopulate(self.raw, which, raw_converter, raw_target, 1)
        };
        match status {
            MlirPassBridgePopulateStatus::MlirPassBridgePopulated => {}
            // The typed methods below cannot reach these.
            other => panic!("mlir-pass: upstream populator {which:?} failed ({other:?})"),
        }
        if let Some(converter) = converter {
            self.converters.push(converter.clone());
            if let Some(target) = target {
                target.converters.push(converter.clone());
            }
        }
        self
    }

    /// Upstream's signature conversion of `func.func` (C++'s
    /// `populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>`):
    /// converts the function type and the entry block's arguments. Make
    /// `func.func` dynamically legal with
    /// [`TypeConverter::is_legal_function`].
    pub fn function_signature_conversion(self, converter: &TypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateFuncSignature,
            Some(converter),
            None,
        )
    }

    /// As [`function_signature_conversion`](Self::function_signature_conversion),
    /// for every `FunctionOpInterface` op (C++'s
    /// `populateAnyFunctionOpInterfaceTypeConversionPattern`).
    pub fn any_function_signature_conversion(self, converter: &TypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateAnyFunctionSignature,
            Some(converter),
            None,
        )
    }

    /// Upstream's `func.call` operand and result type conversion
    /// (`populateCallOpTypeConversionPattern`).
    pub fn call_conversion(self, converter: &TypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateCall,
            Some(converter),
            None,
        )
    }

    /// Upstream's `func.return` operand conversion
    /// (`populateReturnOpTypeConversionPattern`); legality:
    /// [`TypeConverter::is_legal_return`].
    pub fn return_conversion(self, converter: &TypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateReturn,
            Some(converter),
            None,
        )
    }

    /// Upstream's successor operand conversion of branches
    /// (`populateBranchOpInterfaceTypeConversionPattern`); legality:
    /// [`TypeConverter::is_legal_branch`].
    pub fn branch_conversion(self, converter: &TypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateBranch,
            Some(converter),
            None,
        )
    }

    /// Upstream's structural type conversion of `scf` ops (`scf.for`,
    /// `scf.if`, `scf.while`, `scf.yield`, ...:
    /// `scf::populateSCFStructuralTypeConversions`); with `target`, also
    /// their legality (`...AndLegality`).
    pub fn scf_structural_conversion(
        self,
        converter: &TypeConverter,
        target: Option<&mut ConversionTarget>,
    ) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateScfStructural,
            Some(converter),
            target,
        )
    }

    /// Upstream's structural type conversion of `cf` branches
    /// (`cf::populateCFStructuralTypeConversions`); with `target`, also
    /// their legality.
    pub fn cf_structural_conversion(
        self,
        converter: &TypeConverter,
        target: Option<&mut ConversionTarget>,
    ) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateCfStructural,
            Some(converter),
            target,
        )
    }

    /// Upstream's `arith` to `llvm` patterns
    /// (`arith::populateArithToLLVMConversionPatterns`).
    pub fn arith_to_llvm(self, converter: &LlvmTypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateArithToLLVM,
            Some(converter),
            None,
        )
    }

    /// Upstream's `func` to `llvm` patterns
    /// (`populateFuncToLLVMConversionPatterns`).
    pub fn func_to_llvm(self, converter: &LlvmTypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateFuncToLLVM,
            Some(converter),
            None,
        )
    }

    /// Upstream's `cf` to `llvm` patterns, `cf.assert` included
    /// (`cf::populateControlFlowToLLVMConversionPatterns`,
    /// `cf::populateAssertToLLVMConversionPattern`).
    pub fn cf_to_llvm(self, converter: &LlvmTypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateCfToLLVM,
            Some(converter),
            None,
        )
    }

    /// Upstream's `math` to `llvm` intrinsics patterns
    /// (`populateMathToLLVMConversionPatterns`).
    pub fn math_to_llvm(self, converter: &LlvmTypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateMathToLLVM,
            Some(converter),
            None,
        )
    }

    /// Upstream's `index` to `llvm` patterns
    /// (`index::populateIndexToLLVMConversionPatterns`).
    pub fn index_to_llvm(self, converter: &LlvmTypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateIndexToLLVM,
            Some(converter),
            None,
        )
    }

    /// Upstream's `vector` to `llvm` patterns
    /// (`populateVectorToLLVMConversionPatterns`; 1-D vectors map to LLVM
    /// vectors).
    pub fn vector_to_llvm(self, converter: &LlvmTypeConverter) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateVectorToLLVM,
            Some(converter),
            None,
        )
    }

    /// Upstream's `math` to libm call patterns
    /// (`populateMathToLibmConversionPatterns`).
    pub fn math_to_libm(self) -> Self {
        self.populate(
            MlirPassBridgePopulator::MlirPassBridgePopulateMathToLibm,
            None,
            None,
        )
    }

    /// Freezes the set.
    ///
    /// # Panics
    /// As [`try_freeze`](Self::try_freeze) errs.
    #[track_caller]
    pub fn freeze(self) -> ConversionPatternSet {
        match self.try_freeze() {
            Ok(set) => set,
            Err(error) => panic!("{error}"),
        }
    }

    /// Freezes the set after checking each Rust pattern's root, as
    /// [`PatternSetBuilder::try_freeze`](crate::rewrite::PatternSetBuilder::try_freeze).
    ///
    /// # Errors
    /// A root names no operation of its (loaded) dialect.
    pub fn try_freeze(mut self) -> Result<ConversionPatternSet, PassError> {
        // Taken out: `self` is forgotten below, and its fields with it.
        let roots = std::mem::take(&mut self.roots);
        for (pattern, root) in &roots {
            check_root(self.context, pattern, root)?;
        }
        // SAFETY: a set never frozen, forgotten below.
        let raw = unsafe { freeze_raw(self.raw) };
        let converters = std::mem::take(&mut self.converters);
        let context = self.context;
        std::mem::forget(self);
        Ok(ConversionPatternSet {
            inner: Arc::new(Frozen {
                raw,
                context,
                _converters: converters,
            }),
        })
    }
}

impl Drop for ConversionPatternSetBuilder {
    fn drop(&mut self) {
        // SAFETY: a set never frozen; destroys its patterns too.
        unsafe { sys::mlirRewritePatternSetDestroy(self.raw) }
    }
}

impl fmt::Debug for ConversionPatternSetBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConversionPatternSetBuilder")
            .finish_non_exhaustive()
    }
}

struct Frozen {
    raw: sys::MlirFrozenRewritePatternSet,
    context: sys::MlirContext,
    /// Dropped after the patterns that point at them.
    _converters: Vec<TypeConverter>,
}

// SAFETY: a frozen set is immutable and meant to be applied from several
// threads at once; every Rust pattern in it is `Send + Sync`, and so are
// the converters.
unsafe impl Send for Frozen {}
// SAFETY: as above.
unsafe impl Sync for Frozen {}

impl Drop for Frozen {
    fn drop(&mut self) {
        // SAFETY: the last reference; destroys the patterns.
        unsafe { sys::mlirFrozenRewritePatternSetDestroy(self.raw) }
    }
}

/// A frozen set of conversion patterns (C++'s `FrozenRewritePatternSet`
/// built from conversion patterns), for
/// [`apply_partial_conversion`](super::apply_partial_conversion) and its
/// siblings. Cloning is a reference count.
#[derive(Clone)]
pub struct ConversionPatternSet {
    inner: Arc<Frozen>,
}

impl ConversionPatternSet {
    /// Starts a set for `context`.
    pub fn builder(context: ContextRef<'_>) -> ConversionPatternSetBuilder {
        let context = context.raw();
        ConversionPatternSetBuilder {
            // SAFETY: a valid context.
            raw: unsafe { sys::mlirRewritePatternSetCreate(context) },
            context,
            converters: Vec::new(),
            roots: Vec::new(),
        }
    }

    pub(super) fn raw(&self) -> sys::MlirFrozenRewritePatternSet {
        self.inner.raw
    }

    pub(super) fn check_context(&self, op: OperationRef<'_>) -> Result<(), PassError> {
        // SAFETY: both valid.
        if unsafe { sys::mlirContextEqual(self.inner.context, op.context().raw()) } {
            Ok(())
        } else {
            Err(PassError::new(
                "the conversion pattern set was built in another MLIR context than the op's",
            ))
        }
    }
}

impl fmt::Debug for ConversionPatternSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConversionPatternSet")
            .finish_non_exhaustive()
    }
}
