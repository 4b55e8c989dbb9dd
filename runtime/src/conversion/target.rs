//! [`ConversionTarget`]: which ops are legal after a conversion.

use std::{ffi::c_void, fmt};

use mlir_sys as sys;

use super::{
    callback::{boxed, drop_boxed, report_panic, CallbackSite},
    types::TypeConverter,
};
use crate::{
    ffi::{
        bridge::{self, MlirPassBridgeLegality, MlirPassBridgeLegalityAnswer},
        op_name, string_ref, trap_hook,
    },
    handle::{ContextRef, OperationRef},
};

/// What a conversion must reach: C++'s `ConversionTarget`.
///
/// Each op is legal, illegal, dynamically legal (a Rust closure decides per
/// op), or has no rule (an *unknown* op: a partial conversion leaves it, a
/// full conversion fails on it). A rule for an op takes precedence over one
/// for its dialect.
///
/// An op name is checked when a rule is given for it: a name its (loaded)
/// dialect does not define (`"math.fmaa"`) makes every conversion with the
/// target fail, naming the rule and the closest op name (`did you mean
/// 'math.fma'?`), instead of a rule that silently matches nothing.
///
/// The closures are `Send + Sync`: a conversion in a pass on `func.func`
/// runs on several threads at once, each with its own target or sharing
/// one.
pub struct ConversionTarget {
    raw: *mut bridge::MlirPassBridgeConversionTarget,
    context: sys::MlirContext,
    /// Type converters that upstream legality rules (structural
    /// conversions) refer to: kept alive as long as the target.
    pub(super) converters: Vec<TypeConverter>,
    /// Rules given for op names their dialect does not define: the
    /// conversion refuses to run with them (see [`ConversionTarget`]).
    pub(super) unknown_names: Vec<String>,
}

// SAFETY: the C++ target is only read while conversions run (its
// `std::function`s are `Send + Sync` Rust closures); it is changed through
// `&mut self` only.
unsafe impl Send for ConversionTarget {}
// SAFETY: as above.
unsafe impl Sync for ConversionTarget {}

impl ConversionTarget {
    /// An empty target for `context`: no op has a rule.
    pub fn new(context: ContextRef<'_>) -> Self {
        // SAFETY: a valid context.
        let raw = unsafe { bridge::mlirPassBridgeConversionTargetCreate(context.raw()) };
        assert!(
            !raw.is_null(),
            "mlir-pass: out of memory creating a ConversionTarget"
        );
        Self {
            raw,
            context: context.raw(),
            converters: Vec::new(),
            unknown_names: Vec::new(),
        }
    }

    /// Ops named `name` (such as `"arith.addi"`) are legal.
    pub fn add_legal_op(&mut self, name: &str) -> &mut Self {
        self.check_name("add_legal_op", name);
        self.rule(
            OP,
            name,
            MlirPassBridgeLegality::MlirPassBridgeLegal,
            NO_CLOSURE,
        )
    }

    /// Ops named `name` are illegal: the conversion must convert them.
    pub fn add_illegal_op(&mut self, name: &str) -> &mut Self {
        self.check_name("add_illegal_op", name);
        self.rule(
            OP,
            name,
            MlirPassBridgeLegality::MlirPassBridgeIllegal,
            NO_CLOSURE,
        )
    }

    /// Ops named `name` are legal when `legal` says so (C++'s
    /// `addDynamicallyLegalOp`).
    pub fn add_dynamically_legal_op<F>(&mut self, name: &str, legal: F) -> &mut Self
    where
        F: Fn(OperationRef<'_>) -> bool + Send + Sync + 'static,
    {
        self.check_name("add_dynamically_legal_op", name);
        let closure = closure(legal, self.context);
        self.rule(
            OP,
            name,
            MlirPassBridgeLegality::MlirPassBridgeDynamicallyLegal,
            closure,
        )
    }

    /// Every op of the dialect `namespace` (such as `"arith"`) is legal,
    /// unless a rule for the op says otherwise.
    pub fn add_legal_dialect(&mut self, namespace: &str) -> &mut Self {
        self.rule(
            DIALECT,
            namespace,
            MlirPassBridgeLegality::MlirPassBridgeLegal,
            NO_CLOSURE,
        )
    }

    /// Every op of the dialect `namespace` is illegal, unless a rule for the
    /// op says otherwise.
    pub fn add_illegal_dialect(&mut self, namespace: &str) -> &mut Self {
        self.rule(
            DIALECT,
            namespace,
            MlirPassBridgeLegality::MlirPassBridgeIllegal,
            NO_CLOSURE,
        )
    }

    /// Ops of the dialect `namespace` are legal when `legal` says so
    /// (C++'s `addDynamicallyLegalDialect`).
    pub fn add_dynamically_legal_dialect<F>(&mut self, namespace: &str, legal: F) -> &mut Self
    where
        F: Fn(OperationRef<'_>) -> bool + Send + Sync + 'static,
    {
        let closure = closure(legal, self.context);
        self.rule(
            DIALECT,
            namespace,
            MlirPassBridgeLegality::MlirPassBridgeDynamicallyLegal,
            closure,
        )
    }

    /// Ops named `name` are legal when their operand and result types are
    /// legal for `converter` (C++'s `addDynamicallyLegalOp<Op>([&](Operation
    /// *op) { return converter.isLegal(op); })`): the same answer as
    /// `add_dynamically_legal_op(name, move |op| converter.is_legal_op(op))`,
    /// decided inside MLIR without a call into Rust per op. The target keeps
    /// `converter` alive.
    ///
    /// # Panics
    /// When `converter` is an [`LlvmTypeConverter`](super::LlvmTypeConverter)
    /// made for another context than the target.
    pub fn add_type_legal_op(&mut self, name: &str, converter: &TypeConverter) -> &mut Self {
        self.check_name("add_type_legal_op", name);
        self.type_legality(name, false, converter)
    }

    /// Ops of the dialect `namespace` are legal when their operand and
    /// result types are legal for `converter`, decided inside MLIR, as
    /// [`add_type_legal_op`](Self::add_type_legal_op) does for one op (C++'s
    /// `addDynamicallyLegalDialect<D>` with `converter.isLegal(op)`).
    ///
    /// # Panics
    /// As [`add_type_legal_op`](Self::add_type_legal_op).
    pub fn add_type_legal_dialect(
        &mut self,
        namespace: &str,
        converter: &TypeConverter,
    ) -> &mut Self {
        self.type_legality(namespace, true, converter)
    }

    fn type_legality(&mut self, name: &str, dialect: bool, converter: &TypeConverter) -> &mut Self {
        if let Some(context) = converter.context() {
            // SAFETY: both valid contexts.
            let same = unsafe { sys::mlirContextEqual(context, self.context) };
            assert!(
                same,
                "mlir-pass: the LlvmTypeConverter was made for another MLIR context than the \
                 conversion target"
            );
        }
        // Kept alive as long as the target, from before the rule exists.
        self.converters.push(converter.clone());
        // SAFETY: valid target and converter, kept alive above.
        let ok = unsafe {
            bridge::mlirPassBridgeConversionTargetSetTypeLegality(
                self.raw,
                string_ref(name),
                dialect,
                converter.raw(),
            )
        };
        out_of_memory(ok);
        self
    }

    /// Ops with no rule (neither for them nor for their dialect) are legal
    /// when `legal` says so (C++'s `markUnknownOpDynamicallyLegal`).
    /// `|_| true` makes every unknown op legal, so that a full conversion
    /// leaves them alone.
    pub fn mark_unknown_ops_dynamically_legal<F>(&mut self, legal: F) -> &mut Self
    where
        F: Fn(OperationRef<'_>) -> bool + Send + Sync + 'static,
    {
        let (callback, user_data, destroy) = closure(legal, self.context);
        // SAFETY: a valid target; the bridge owns `user_data` from now on.
        let ok = unsafe {
            bridge::mlirPassBridgeConversionTargetSetUnknownOpCallback(
                self.raw, callback, user_data, destroy,
            )
        };
        out_of_memory(ok);
        self
    }

    /// The (legal or dynamically legal) ops named `name` are recursively
    /// legal: what they hold is legal too and is not converted (C++'s
    /// `markOpRecursivelyLegal`).
    pub fn mark_op_recursively_legal(&mut self, name: &str) -> &mut Self {
        self.check_name("mark_op_recursively_legal", name);
        self.recursive(name, NO_CLOSURE)
    }

    /// As [`mark_op_recursively_legal`](Self::mark_op_recursively_legal),
    /// for the ops named `name` for which `recursive` answers true.
    pub fn mark_op_recursively_legal_if<F>(&mut self, name: &str, recursive: F) -> &mut Self
    where
        F: Fn(OperationRef<'_>) -> bool + Send + Sync + 'static,
    {
        self.check_name("mark_op_recursively_legal_if", name);
        let closure = closure(recursive, self.context);
        self.recursive(name, closure)
    }

    /// Whether `op` is legal on this target (`Some(true)`), illegal
    /// (`Some(false)`), or has no rule (`None`).
    pub fn is_legal(&self, op: OperationRef<'_>) -> Option<bool> {
        // SAFETY: valid target and op; a panicking closure is re-raised below.
        let answer = unsafe { bridge::mlirPassBridgeConversionTargetIsLegal(self.raw, op.raw()) };
        super::callback::resume_pending_panic();
        match answer {
            MlirPassBridgeLegalityAnswer::MlirPassBridgeAnswerLegal => Some(true),
            MlirPassBridgeLegalityAnswer::MlirPassBridgeAnswerIllegal => Some(false),
            _ => None,
        }
    }

    /// Records `name` when its dialect defines no such op.
    fn check_name(&mut self, rule: &str, name: &str) {
        if let Err(suggestion) = crate::rewrite::set::check_op_name(self.context, name) {
            self.unknown_names.push(format!(
                "conversion target: {rule}(\"{name}\") names an op its dialect does not define{suggestion}"
            ));
        }
    }

    /// The rules given for unknown op names, as one error.
    pub(super) fn check_names(&self) -> Result<(), crate::PassError> {
        match self.unknown_names.as_slice() {
            [] => Ok(()),
            names => Err(crate::PassError::new(names.join("; "))),
        }
    }

    pub(super) fn raw(&self) -> *mut bridge::MlirPassBridgeConversionTarget {
        self.raw
    }

    pub(super) fn context(&self) -> sys::MlirContext {
        self.context
    }

    /// Sets the rule `action` (decided by `closure` when dynamic) for the op
    /// or dialect `name`, through `setter`.
    fn rule(
        &mut self,
        setter: Setter,
        name: &str,
        action: MlirPassBridgeLegality,
        closure: Closure,
    ) -> &mut Self {
        let (callback, user_data, destroy) = closure;
        // SAFETY: a valid target; the bridge owns `user_data` from now on.
        let ok = unsafe {
            setter(
                self.raw,
                string_ref(name),
                action,
                callback,
                user_data,
                destroy,
            )
        };
        out_of_memory(ok);
        self
    }

    fn recursive(&mut self, name: &str, closure: Closure) -> &mut Self {
        let (callback, user_data, destroy) = closure;
        // SAFETY: a valid target; the bridge owns `user_data` from now on.
        let ok = unsafe {
            bridge::mlirPassBridgeConversionTargetMarkRecursivelyLegal(
                self.raw,
                string_ref(name),
                callback,
                user_data,
                destroy,
            )
        };
        out_of_memory(ok);
        self
    }
}

/// A bridge function that sets an op's or a dialect's rule.
type Setter = unsafe extern "C" fn(
    *mut bridge::MlirPassBridgeConversionTarget,
    sys::MlirStringRef,
    MlirPassBridgeLegality,
    bridge::MlirPassBridgeLegalityCallback,
    *mut c_void,
    bridge::MlirPassBridgeDestroy,
) -> bool;

const OP: Setter = bridge::mlirPassBridgeConversionTargetSetOpAction;
const DIALECT: Setter = bridge::mlirPassBridgeConversionTargetSetDialectAction;

/// A legality closure as the bridge takes it: callback, user data, destroy.
type Closure = (
    bridge::MlirPassBridgeLegalityCallback,
    *mut c_void,
    bridge::MlirPassBridgeDestroy,
);

const NO_CLOSURE: Closure = (None, std::ptr::null_mut(), None);

impl Drop for ConversionTarget {
    fn drop(&mut self) {
        // SAFETY: created in `new`, destroyed once; releases the closures.
        unsafe { bridge::mlirPassBridgeConversionTargetDestroy(self.raw) }
    }
}

impl fmt::Debug for ConversionTarget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ConversionTarget").finish_non_exhaustive()
    }
}

pub(super) fn out_of_memory(ok: bool) {
    assert!(
        ok,
        "mlir-pass: out of memory in the dialect conversion bridge"
    );
}

/// A legality closure with the context its ops belong to.
struct Legality<F> {
    legal: F,
    context: sys::MlirContext,
}

// SAFETY: the closure is `Send + Sync`; the context handle is only used to
// wrap the ops MLIR hands the closure (an MLIR context is thread-safe).
unsafe impl<F: Send> Send for Legality<F> {}
// SAFETY: as above.
unsafe impl<F: Sync> Sync for Legality<F> {}

fn closure<F>(legal: F, context: sys::MlirContext) -> Closure
where
    F: Fn(OperationRef<'_>) -> bool + Send + Sync + 'static,
{
    (
        Some(answer::<F>),
        boxed(Legality { legal, context }),
        Some(drop_boxed::<Legality<F>>),
    )
}

/// The bridge's legality callback for a closure `F`.
unsafe extern "C" fn answer<F>(
    op: sys::MlirOperation,
    user_data: *mut c_void,
) -> MlirPassBridgeLegalityAnswer
where
    F: Fn(OperationRef<'_>) -> bool + Send + Sync + 'static,
{
    // SAFETY: the box made by `legality`, alive while the target is.
    let entry = unsafe { &*user_data.cast::<Legality<F>>() };
    // SAFETY: MLIR hands a valid op of the target's context.
    let handle = unsafe { OperationRef::from_raw_in(op, entry.context) };
    match trap_hook(|| (entry.legal)(handle)) {
        Ok(true) => MlirPassBridgeLegalityAnswer::MlirPassBridgeAnswerLegal,
        Ok(false) => MlirPassBridgeLegalityAnswer::MlirPassBridgeAnswerIllegal,
        Err(panic) => {
            // SAFETY: a valid op.
            let name = unsafe { op_name(op) };
            // SAFETY: as above.
            let location = unsafe { sys::mlirOperationGetLocation(op) };
            report_panic(
                CallbackSite::Legality,
                &format!("the legality callback panicked on '{name}': {panic}"),
                Some(location),
            );
            // Legal: the conversion leaves the op, and fails at its end.
            MlirPassBridgeLegalityAnswer::MlirPassBridgeAnswerLegal
        }
    }
}
