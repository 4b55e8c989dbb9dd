//! Registration conflicts are errors from `register_all`, never MLIR aborts,
//! and a dialect that cannot be registered or loaded (two ops of one name,
//! a default that does not parse) is an error, never a crash. A binary of
//! its own: its passes and dialects conflict on purpose.

use mlir_pass::{
    mlir_pass, mlir_pipeline, Context, OpPassManager, OperationRef, Pass, PassError, PassManager,
    Pipeline,
};

macro_rules! noop_pass {
    ($ty:ident, $argument:literal) => {
        #[mlir_pass(argument = $argument)]
        #[derive(Clone, Default)]
        pub struct $ty;

        impl Pass for $ty {
            fn run(&mut self, _op: OperationRef<'_>) -> Result<(), PassError> {
                Ok(())
            }
        }
    };
}

noop_pass!(TakesCanonicalize, "canonicalize");
noop_pass!(First, "twice");
noop_pass!(Second, "twice");
noop_pass!(Fine, "conflict-free");
noop_pass!(ClashPass, "clash");

macro_rules! noop_pipeline {
    ($ty:ident, $argument:literal) => {
        #[mlir_pipeline(argument = $argument)]
        #[derive(Default)]
        pub struct $ty;

        impl Pipeline for $ty {
            fn build(&self, _pm: &OpPassManager<'_>) -> Result<(), PassError> {
                Ok(())
            }
        }
    };
}

noop_pipeline!(ClashPipeline, "clash");
noop_pipeline!(TakesCse, "cse");

#[test]
fn conflicts_are_reported_by_name_and_the_rest_is_registered() {
    let error = mlir_pass::register_all().unwrap_err();
    let conflicts = error.conflicts();
    assert_eq!(conflicts.len(), 4, "{error}");
    assert!(
        conflicts.iter().any(|c| c.contains(
            "Rust pass `conflicts::ClashPass`, pipeline `conflicts::ClashPipeline` all use the argument 'clash'"
        )),
        "{error}"
    );
    assert!(
        conflicts.iter().any(|c| c.contains(
            "Rust pipeline `conflicts::TakesCse` uses the argument 'cse', which MLIR already has as a pass"
        )),
        "{error}"
    );
    assert!(
        conflicts
            .iter()
            .any(|c| c.contains("`conflicts::TakesCanonicalize`")
                && c.contains("'canonicalize', which MLIR already has as a pass")),
        "{error}"
    );
    assert!(
        conflicts.iter().any(|c| c.contains(
            "Rust passes `conflicts::First`, `conflicts::Second` all use the argument 'twice'"
        )),
        "{error}"
    );

    // Registering again reports the same conflicts and does not abort.
    assert_eq!(mlir_pass::register_all().unwrap_err(), error);

    // The conflict-free pass works, and `canonicalize` is still MLIR's.
    let context = Context::new();
    let pm = PassManager::parse(&context, "builtin.module(conflict-free, canonicalize)").unwrap();
    assert!(pm.to_string().contains("canonicalize{"), "{pm}");
    assert!(PassManager::parse(&context, "builtin.module(twice)").is_err());
    assert!(PassManager::parse(&context, "builtin.module(clash)").is_err());
    let pm = PassManager::parse(&context, "builtin.module(cse)").unwrap();
    assert_eq!(pm.to_string(), "builtin.module(cse)", "cse is still MLIR's");
}

mod dialects {
    use mlir_pass::dialect::{
        self, mlir_attr, mlir_dialect, mlir_op, mlir_type,
        ods::{AnyAttr, TypeAttr, I64},
    };

    /// One of two dialects with one namespace.
    #[mlir_dialect(name = "twin")]
    pub struct TwinA;

    /// The other.
    #[mlir_dialect(name = "twin")]
    pub struct TwinB;

    /// A dialect of its own, whose two ops share a name.
    #[mlir_dialect(name = "samename")]
    pub struct SameName;

    /// A constant.
    #[mlir_op(dialect = SameName, name = "op", format = "attr-dict")]
    pub struct OpOne {
        /// The result.
        #[result]
        out: I64,
    }

    mod other {
        use mlir_pass::dialect::{mlir_op, ods::I64};

        /// Another op of the same name, declared in another module.
        #[mlir_op(dialect = super::SameName, name = "op", format = "attr-dict")]
        pub struct OpTwo {
            /// The result.
            #[result]
            out: I64,
        }
    }

    /// A dialect whose two attributes share a name.
    #[mlir_dialect(name = "same_attr")]
    pub struct SameAttr;

    /// An attribute.
    #[mlir_attr(dialect = SameAttr, name = "a")]
    pub struct AttrOne {
        /// A value.
        #[param]
        value: i64,
    }

    mod other_attr {
        use mlir_pass::dialect::mlir_attr;

        /// Another attribute of the same name, declared in another module.
        #[mlir_attr(dialect = super::SameAttr, name = "a")]
        pub struct AttrTwo {
            /// A value.
            #[param]
            value: i64,
        }
    }

    /// A dialect with no conflict.
    #[mlir_dialect(name = "fine_dialect")]
    pub struct Fine;

    /// A dialect whose op has a default MLIR does not parse, of a kind the
    /// macro cannot check (`AnyAttr`).
    #[mlir_dialect(name = "bad_default")]
    pub struct BadDefault;

    /// The op with the bad default.
    #[mlir_op(dialect = BadDefault, name = "op")]
    pub struct BadDefaultOp {
        /// Not MLIR's syntax for any attribute.
        #[attr(default = "abc")]
        value: AnyAttr,
    }

    /// A dialect whose op's default names the dialect's own type: parsed
    /// once the dialect is loaded, it parses.
    #[mlir_dialect(name = "self_ref")]
    pub struct SelfRef;

    /// A type of the dialect.
    #[mlir_type(dialect = SelfRef, name = "box")]
    pub struct BoxType {
        /// The boxed type.
        #[param]
        inner: TypeAttr,
    }

    /// An op whose default is a type of its own dialect.
    #[mlir_op(dialect = SelfRef, name = "op")]
    pub struct SelfRefOp {
        /// A boxed i32 by default.
        #[attr(default = "!self_ref.box<i32>")]
        ty: TypeAttr,
    }

    const BAD_DEFAULT: &str = "dialect 'bad_default' cannot be loaded: op 'bad_default.op', \
                               attribute 'value': default `abc` does not parse: expected \
                               attribute value";

    /// A default that does not parse is an error naming the op, the
    /// attribute, the text and MLIR's message when the dialect is loaded,
    /// by type or through IR, each time; the op refuses to verify. It
    /// crashed the process: MLIR's diagnostic was printed while the
    /// dialect was half-built.
    #[test]
    fn a_default_that_does_not_parse_is_an_error_at_load_not_a_crash() {
        let context = mlir_pass::Context::new();
        let error = dialect::load::<BadDefault>(context.as_ref()).unwrap_err();
        assert_eq!(error, BAD_DEFAULT);
        assert_eq!(
            dialect::load::<BadDefault>(context.as_ref()).unwrap_err(),
            BAD_DEFAULT
        );
        // The dialect is in the context (MLIR cannot unload it): its op
        // parses, and refuses to verify.
        let error =
            mlir_pass::Module::parse(&context, r#""bad_default.op"() : () -> ()"#, "x.mlir")
                .unwrap_err();
        let messages: Vec<_> = error.diagnostics.iter().map(|d| &d.message).collect();
        assert_eq!(
            messages,
            [&format!(
                "'bad_default.op' op cannot be used: {}",
                BAD_DEFAULT.split_once(": ").unwrap().1
            )],
            "{error}"
        );

        // Loaded by name, as IR names it, in a context of its own.
        let context = mlir_pass::Context::new();
        let error =
            mlir_pass::Module::parse(&context, r#""bad_default.op"() : () -> ()"#, "x.mlir")
                .unwrap_err();
        assert_eq!(error.diagnostics[0].message, BAD_DEFAULT, "{error}");
        assert_eq!(error.diagnostics[0].location, "loc(unknown)");

        // A default naming the dialect's own type.
        dialect::load::<SelfRef>(context.as_ref()).unwrap();
        let module =
            mlir_pass::Module::parse(&context, r#""self_ref.op"() : () -> ()"#, "x.mlir").unwrap();
        assert!(
            module
                .to_string()
                .contains(r#""self_ref.op"() <{ty = !self_ref.box<i32>}>"#),
            "{module}"
        );
    }

    /// Two Rust dialects with one namespace, or two ops with one name, are
    /// errors naming both; the other dialects are registered, and no MLIR
    /// abort happens.
    #[test]
    fn conflicting_dialects_are_errors_not_aborts() {
        let context = mlir_pass::Context::new();
        let error = dialect::load::<TwinA>(context.as_ref()).unwrap_err();
        assert!(
            error.contains("dialects `TwinA` and `TwinB` both declare the namespace 'twin'")
                || error.contains("dialects `TwinB` and `TwinA` both declare the namespace 'twin'"),
            "{error}"
        );
        let error = dialect::load::<SameName>(context.as_ref()).unwrap_err();
        assert_eq!(
            error,
            "op name 'samename.op' is declared twice, by `OpOne` and `OpTwo`: an op name must \
             be unique in its dialect; rename one (#[mlir_op(name = \"...\")])"
        );
        let error = dialect::load::<SameAttr>(context.as_ref()).unwrap_err();
        assert_eq!(
            error,
            "attributes `AttrOne` and `AttrTwo` both declare '#same_attr.a': rename one"
        );
        dialect::load::<Fine>(context.as_ref()).unwrap();
        // A registry gets the conflict-free dialect, and the errors.
        let registry = unsafe { mlir_pass::sys::mlirDialectRegistryCreate() };
        let errors = unsafe { dialect::insert_all(registry) }.unwrap_err();
        unsafe { mlir_pass::sys::mlirDialectRegistryDestroy(registry) };
        // The dialect whose default does not parse is registered: only
        // loading it parses the default.
        assert_eq!(errors.len(), 4, "{errors:?}");
        // The context still parses the fine dialect's (empty) IR and upstream ops.
        let module = mlir_pass::Module::parse(&context, "func.func @f() { return }", "x.mlir");
        assert!(module.is_ok());
    }
}
