//! The names an op's values print with (C++'s `OpAsmOpInterface`):
//! `%idx42` for `index.constant 42`, `%true`, `%cst` instead of `%0`, block
//! arguments named by the op that owns the region, and the default dialect
//! of the ops in its regions (the blocks' own names are `block_names.rs`'s). Declared with
//! `interfaces = [OpAsmOpInterface(result_names, block_arg_names,
//! default_dialect = "...")]` on `#[mlir_op]`.
//!
//! MLIR's printer makes each name a valid SSA name (it replaces what an
//! identifier cannot hold, and puts `_` before a leading digit) and unique
//! (`%idx1`, `%idx1_0`, `%idx1_1`: one counter shared with every op of the
//! scope, C++ ones included), as for C++ ops. What C++ only asserts (a
//! value of another op, a value named twice) is checked here: the hook
//! panics at the call, and the op prints with default names.

use std::{cell::Cell, ffi::c_void, marker::PhantomData};

use melior::ir::{RegionRef, ValueLike};
use mlir_sys as sys;

use super::OpDefinition;
use crate::{
    ffi::{bridge, string_ref, trap_hook},
    OperationRef,
};

/// Names values of one op for the printer: its results
/// ([`OpAsmInterface::result_names`]) or the arguments of the blocks of
/// one of its regions ([`OpAsmInterface::block_arg_names`]). C++'s
/// `OpAsmSetValueNameFn`.
pub struct ValueNames<'a> {
    op: sys::MlirOperation,
    /// `None`: names results; `Some`: names arguments of this region's blocks.
    region: Option<sys::MlirRegion>,
    names: Vec<(sys::MlirValue, String)>,
    _borrow: PhantomData<&'a ()>,
}

impl<'a> ValueNames<'a> {
    fn new(op: sys::MlirOperation, region: Option<sys::MlirRegion>) -> Self {
        Self {
            op,
            region,
            names: Vec::new(),
            _borrow: PhantomData,
        }
    }

    /// Names `value` `name` (C++'s `setNameFn(value, name)`): `%name`, or
    /// `%name_N` when the scope has one already. An empty name keeps the
    /// default number.
    ///
    /// Naming a result starts a group that runs to the next named result:
    /// naming only the first value of a variadic group of three prints it
    /// as `%name:3`, its values used as `%name#0`, `%name#1`, `%name#2`.
    ///
    /// # Panics
    /// When `value` is not a result of the op (for result names), not an
    /// argument of a block of the region (for block argument names), or was
    /// named already: the panic is reported at the op, whose values then
    /// print with their default names.
    #[track_caller]
    pub fn set<'c>(&mut self, value: impl ValueLike<'c>, name: &str) {
        let raw = value.to_raw();
        // SAFETY: a valid value (melior's handles are); only read.
        let ours = unsafe {
            match self.region {
                None => {
                    sys::mlirValueIsAOpResult(raw)
                        && sys::mlirOperationEqual(sys::mlirOpResultGetOwner(raw), self.op)
                }
                Some(region) => {
                    sys::mlirValueIsABlockArgument(raw)
                        && sys::mlirRegionEqual(
                            sys::mlirBlockGetParentRegion(sys::mlirBlockArgumentGetOwner(raw)),
                            region,
                        )
                }
            }
        };
        // Positions, not the values' text: printing a value here would name
        // the values again.
        if !ours {
            match self.region {
                None => {
                    panic!("`ValueNames::set` was given a value that is not a result of this op")
                }
                Some(_) => panic!(
                    "`ValueNames::set` was given a value that is not an argument of a block of \
                     this region"
                ),
            }
        }
        // SAFETY: valid values.
        if let Some(position) = self
            .names
            .iter()
            .position(|(v, _)| unsafe { sys::mlirValueEqual(*v, raw) })
        {
            let what = if self.region.is_none() {
                "result"
            } else {
                "block argument"
            };
            panic!(
                "`ValueNames::set` named a {what} twice (`{}`, then `{name}`)",
                self.names[position].1
            );
        }
        self.names.push((raw, name.to_owned()));
    }
}

impl std::fmt::Debug for ValueNames<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ValueNames")
            .field("named", &self.names.len())
            .finish()
    }
}

/// Names an op's results (C++'s `getAsmResultNames`).
pub type ResultNamesHook = for<'a> fn(OperationRef<'a>, &mut ValueNames<'a>);
/// Names the arguments of the blocks of one of an op's regions (C++'s
/// `getAsmBlockArgumentNames`), called once per region.
pub type BlockArgNamesHook = for<'a> fn(OperationRef<'a>, RegionRef<'a, 'a>, &mut ValueNames<'a>);

/// `OpAsmOpInterface` as an op declares it
/// (`interfaces = [OpAsmOpInterface(...)]`): which of its methods the op
/// answers.
#[derive(Clone, Copy, Debug, Default)]
pub struct OpAsmInterface {
    /// `getAsmResultNames`: the op's `result_names`.
    pub result_names: Option<ResultNamesHook>,
    /// `getAsmBlockArgumentNames`: the op's `block_arg_names`.
    pub block_arg_names: Option<BlockArgNamesHook>,
    /// `getAsmBlockNames`: the op's `block_names`.
    pub block_names: Option<super::BlockNamesHook>,
    /// `getDefaultDialect`: the ops of this dialect in the op's regions are
    /// printed and parsed without their namespace (`return` in a
    /// `func.func`).
    pub default_dialect: Option<&'static str>,
}

impl OpAsmInterface {
    /// Not declared.
    pub const NONE: Self = Self {
        result_names: None,
        block_arg_names: None,
        block_names: None,
        default_dialect: None,
    };
}

thread_local! {
    /// Whether a naming hook runs on this thread: the error reported for a
    /// panic prints the op (in the generic form, which names nothing, but a
    /// diagnostic handler may print it otherwise), and that print must not
    /// ask again.
    pub(super) static NAMING: Cell<bool> = const { Cell::new(false) };
}

pub(super) unsafe extern "C" fn asm_names(
    definition: *const c_void,
    op: sys::MlirOperation,
    region: sys::MlirRegion,
    set_name: Option<unsafe extern "C" fn(sys::MlirValue, sys::MlirStringRef, *mut c_void)>,
    user_data: *mut c_void,
) {
    // SAFETY: the bridge hands back the definition it was given.
    let def = unsafe { &*definition.cast::<OpDefinition>() };
    let asm = &def.interfaces.asm;
    let region = (!region.ptr.is_null()).then_some(region);
    let (Some(set_name), false) = (set_name, NAMING.with(Cell::get)) else {
        return;
    };
    let mut names = ValueNames::new(op, region);
    NAMING.with(|n| n.set(true));
    // SAFETY: a valid op (and region of it), borrowed for the call.
    let result = trap_hook(|| {
        let op = unsafe { OperationRef::from_raw(op) };
        match region {
            None => asm.result_names.map(|hook| hook(op, &mut names)),
            Some(region) => asm
                .block_arg_names
                .map(|hook| hook(op, unsafe { RegionRef::from_raw(region) }, &mut names)),
        };
    });
    let (method, what) = match region {
        None => ("result_names", "results"),
        Some(_) => ("block_arg_names", "block arguments"),
    };
    match result {
        Ok(()) => {
            for (value, name) in &names.names {
                // SAFETY: a value the checks above accepted; MLIR copies the
                // name.
                unsafe { set_name(*value, string_ref(name), user_data) };
            }
        }
        Err(panic) => {
            // Printing cannot fail: the names are MLIR's defaults (the text
            // still parses back), the error goes to the context's
            // diagnostics and the count lets the tool fail, as for a
            // printer that panicked.
            super::asm::count_print_failure();
            let message = format!(
                "`{method}` (OpAsmOpInterface) of `{}` panicked: {panic}; its {what} print \
                 with default names",
                def.type_name
            );
            // SAFETY: a valid op; MLIR copies the message.
            unsafe { bridge::mlirPassBridgeEmitOpError(op, string_ref(&message)) };
        }
    }
    NAMING.with(|n| n.set(false));
}
