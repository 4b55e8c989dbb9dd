//! The traits and interfaces that MLIR's transforms check:
//! `OpTrait::IsTerminator`, `IsIsolatedFromAbove`, `ConstantLike`,
//! `IsCommutative`, `HasRecursiveMemoryEffects`, `LoopLikeOpInterface`,
//! `RegionBranchOpInterface` and `ArithFastMathInterface`.

use std::ffi::c_void;

use melior::ir::{
    operation::{OperationLike, OperationMutLike},
    Attribute, RegionRef, ValueLike,
};
use mlir_sys as sys;

use crate::{
    ffi::bridge::{self, MlirPassBridgeAnswer, MlirPassBridgeQueryStatus, MlirPassBridgeTrait},
    ir::{IrError, OperationExt},
};

/// Where control goes from a region branch point
/// (`RegionBranchOpInterface::getSuccessorRegions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RegionSuccessor {
    /// Back to the op itself: its results (`RegionSuccessor::isParent`).
    Parent {
        /// How many values it receives (the op's results).
        inputs: usize,
    },
    /// Into the op's region number `index`.
    Region {
        /// The region's number among the op's regions.
        index: usize,
        /// How many values it receives (its entry block's arguments).
        inputs: usize,
    },
}

/// What an op's `ArithFastMathInterface` answers (`arith.addf`,
/// `math.sqrt`, a Rust op listing the interface).
#[derive(Clone, Copy, Debug)]
pub struct FastMath<'c> {
    /// `getFastMathAttrName()`: the attribute holding the flags
    /// (`fastmath` for every upstream op).
    pub attr_name: &'static str,
    /// `getFastMathFlagsAttr()`: the flags (`#arith.fastmath<fast>`);
    /// `None` when the op holds none.
    pub flags: Option<Attribute<'c>>,
}

/// Traits and interfaces of an op, asked inside libMLIR. Implemented for
/// every melior operation handle. An unregistered op has none of them.
pub trait InterfacesExt<'c: 'a, 'a>: OperationLike<'c, 'a> {
    /// `hasTrait<OpTrait::IsTerminator>()`: the op ends its block (`func.return`,
    /// `scf.yield`, `cf.br`).
    fn is_terminator(&self) -> bool {
        has_trait(
            self.to_raw(),
            MlirPassBridgeTrait::MlirPassBridgeTraitIsTerminator,
        )
    }

    /// `hasTrait<OpTrait::IsIsolatedFromAbove>()`: its regions use no value
    /// defined outside it (`func.func`, `builtin.module`).
    fn is_isolated_from_above(&self) -> bool {
        has_trait(
            self.to_raw(),
            MlirPassBridgeTrait::MlirPassBridgeTraitIsIsolatedFromAbove,
        )
    }

    /// `hasTrait<OpTrait::ConstantLike>()`: the op materialises a constant
    /// (`arith.constant`); see [`crate::ir::ValueExt::constant`] for its value.
    fn is_constant_like(&self) -> bool {
        has_trait(
            self.to_raw(),
            MlirPassBridgeTrait::MlirPassBridgeTraitConstantLike,
        )
    }

    /// `hasTrait<OpTrait::IsCommutative>()`: its operands may be swapped
    /// (`arith.addi`, `arith.muli`).
    fn is_commutative(&self) -> bool {
        has_trait(
            self.to_raw(),
            MlirPassBridgeTrait::MlirPassBridgeTraitIsCommutative,
        )
    }

    /// `hasTrait<OpTrait::HasRecursiveMemoryEffects>()`: its effects are
    /// those of the ops nested in it (`scf.for`, `scf.if`).
    fn has_recursive_memory_effects(&self) -> bool {
        has_trait(
            self.to_raw(),
            MlirPassBridgeTrait::MlirPassBridgeTraitHasRecursiveMemoryEffects,
        )
    }

    /// Whether the op implements `LoopLikeOpInterface` (`scf.for`,
    /// `scf.while`, `affine.for`).
    fn is_loop_like(&self) -> bool {
        // SAFETY: a valid op.
        unsafe { bridge::mlirPassBridgeIsLoopLike(self.to_raw()) }
    }

    /// `LoopLikeOpInterface::getLoopRegions()`: the regions that make up the
    /// loop's body, or `None` when the op is not loop-like.
    fn loop_regions(&self) -> Option<Vec<RegionRef<'c, 'a>>> {
        unsafe extern "C" fn push(region: sys::MlirRegion, data: *mut c_void) {
            // SAFETY: `data` is the vector below.
            unsafe { &mut *data.cast::<Vec<sys::MlirRegion>>() }.push(region);
        }
        let mut raw: Vec<sys::MlirRegion> = Vec::new();
        // SAFETY: a valid op; the callback only pushes.
        let status = unsafe {
            bridge::mlirPassBridgeLoopRegions(
                self.to_raw(),
                Some(push),
                (&mut raw as *mut Vec<_>).cast(),
            )
        };
        (status == MlirPassBridgeQueryStatus::MlirPassBridgeQueryOk).then(|| {
            raw.into_iter()
                // SAFETY: regions of this op.
                .map(|r| unsafe { RegionRef::from_raw(r) })
                .collect()
        })
    }

    /// `LoopLikeOpInterface::isDefinedOutsideOfLoop(value)`: whether `value`
    /// is defined outside the loop's regions (so it is invariant in the
    /// loop); `None` when the op is not loop-like.
    fn is_defined_outside_of_loop(&self, value: impl ValueLike<'c>) -> Option<bool> {
        // SAFETY: a valid op and value.
        match unsafe { bridge::mlirPassBridgeLoopDefinedOutside(self.to_raw(), value.to_raw()) } {
            MlirPassBridgeAnswer::MlirPassBridgeAnswerYes => Some(true),
            MlirPassBridgeAnswer::MlirPassBridgeAnswerNo => Some(false),
            _ => None,
        }
    }

    /// Whether every operand of `op` is defined outside this loop
    /// ([`is_defined_outside_of_loop`](Self::is_defined_outside_of_loop) for
    /// each, in one call: LICM's check of an op without regions); `None`
    /// when this op is not loop-like.
    fn operands_defined_outside_of_loop<'x>(&self, op: &impl OperationLike<'c, 'x>) -> Option<bool>
    where
        'c: 'x,
    {
        // SAFETY: two valid ops.
        match unsafe {
            bridge::mlirPassBridgeLoopOperandsDefinedOutside(self.to_raw(), op.to_raw())
        } {
            MlirPassBridgeAnswer::MlirPassBridgeAnswerYes => Some(true),
            MlirPassBridgeAnswer::MlirPassBridgeAnswerNo => Some(false),
            _ => None,
        }
    }

    /// Whether the op implements `RegionBranchOpInterface` (`scf.if`,
    /// `scf.for`, `scf.while`, `scf.execute_region`).
    fn is_region_branch(&self) -> bool {
        // SAFETY: a valid op.
        unsafe { bridge::mlirPassBridgeIsRegionBranch(self.to_raw()) }
    }

    /// `RegionBranchOpInterface::getSuccessorRegions`: where control may go
    /// on entering the op (`from` = `None`, `RegionBranchPoint::parent()`)
    /// or on leaving its region number `from`. `None` when the op is not a
    /// region branch op or has no such region.
    fn region_successors(&self, from: Option<usize>) -> Option<Vec<RegionSuccessor>> {
        unsafe extern "C" fn push(region: isize, inputs: isize, data: *mut c_void) {
            // SAFETY: `data` is the vector below.
            let out = unsafe { &mut *data.cast::<Vec<RegionSuccessor>>() };
            let inputs = inputs.max(0) as usize;
            out.push(if region < 0 {
                RegionSuccessor::Parent { inputs }
            } else {
                RegionSuccessor::Region {
                    index: region as usize,
                    inputs,
                }
            });
        }
        let from = match from {
            None => -1,
            Some(index) => isize::try_from(index).ok()?,
        };
        let mut out: Vec<RegionSuccessor> = Vec::new();
        // SAFETY: a valid op; the bridge checks the region number.
        let status = unsafe {
            bridge::mlirPassBridgeRegionSuccessors(
                self.to_raw(),
                from,
                Some(push),
                (&mut out as *mut Vec<_>).cast(),
            )
        };
        (status == MlirPassBridgeQueryStatus::MlirPassBridgeQueryOk).then_some(out)
    }

    /// `ArithFastMathInterface`: the op's fast-math flags and the name of
    /// the attribute holding them, or `None` when the op does not
    /// implement the interface.
    ///
    /// ```no_run
    /// # use mlir_pass::{analysis::InterfacesExt, melior::ir::operation::OperationLike};
    /// # fn f<'c, 'a>(op: &impl OperationLike<'c, 'a>) where 'c: 'a {
    /// if let Some(fast_math) = op.fast_math() {
    ///     println!("{} = {:?}", fast_math.attr_name, fast_math.flags);
    /// }
    /// # }
    /// ```
    fn fast_math(&self) -> Option<FastMath<'c>> {
        let mut name = sys::MlirStringRef {
            data: std::ptr::null(),
            length: 0,
        };
        let mut flags = sys::MlirAttribute {
            ptr: std::ptr::null(),
        };
        // SAFETY: a valid op; the bridge writes both on success.
        if !unsafe { bridge::mlirPassBridgeFastMath(self.to_raw(), &mut name, &mut flags) } {
            return None;
        }
        // SAFETY: the interface's names live as long as the process (C++
        // string literals, or the bridge's names, never freed).
        let bytes: &'static [u8] = if name.data.is_null() {
            &[]
        } else {
            unsafe { std::slice::from_raw_parts(name.data.cast(), name.length) }
        };
        Some(FastMath {
            attr_name: std::str::from_utf8(bytes).unwrap_or(""),
            // SAFETY: an attribute of the op's context, or null.
            flags: (!flags.ptr.is_null()).then(|| unsafe { Attribute::from_raw(flags) }),
        })
    }
}

impl<'c: 'a, 'a, T: OperationLike<'c, 'a> + ?Sized> InterfacesExt<'c, 'a> for T {}

/// Changing loops: LICM's `moveOutOfLoop`. Implemented for every mutable
/// melior operation handle.
pub trait LoopLikeMutExt<'c: 'a, 'a>: OperationMutLike<'c, 'a> {
    /// Moves `inner` out of this loop (`LoopLikeOpInterface::moveOutOfLoop`:
    /// just before the loop), as LICM does with an invariant op. Its
    /// operands must be defined outside the loop
    /// ([`InterfacesExt::is_defined_outside_of_loop`]), or the IR will not
    /// verify.
    ///
    /// # Errors
    /// This op is not loop-like; `inner` is not nested in it; or this op is
    /// the op the running pass was given, or holds it (`inner` would land
    /// outside what the pass may change).
    fn move_out_of_loop<'x>(&self, inner: &impl OperationLike<'c, 'x>) -> Result<(), IrError>
    where
        'c: 'x,
    {
        let loop_op = self.to_raw();
        let not_a_loop = || {
            Err(IrError::new(format!(
                "cannot move an op out of '{}': it is not a loop (LoopLikeOpInterface)",
                self.name_str()
            )))
        };
        // (Whether this op is a loop is asked by the move itself; on a
        // refusal, "not a loop" is the reason given first.)
        if !is_proper_ancestor(loop_op, inner.to_raw()) {
            if !self.is_loop_like() {
                return not_a_loop();
            }
            return Err(IrError::new(format!(
                "cannot move '{}' out of '{}': it is not nested in that loop",
                inner.name_str(),
                self.name_str()
            )));
        }
        if let Some(anchor) = crate::external::current_anchor() {
            if !is_proper_ancestor(anchor, loop_op) {
                if !self.is_loop_like() {
                    return not_a_loop();
                }
                return Err(IrError::new(format!(
                    "cannot move '{}' out of '{}': the loop is the operation the pass runs on,                      or is not nested in it",
                    inner.name_str(),
                    self.name_str()
                )));
            }
        }
        // SAFETY: an op nested in `loop_op`, both inside the running pass's
        // op; the bridge checks that `loop_op` is a loop.
        match unsafe { bridge::mlirPassBridgeLoopMoveOut(loop_op, inner.to_raw()) } {
            MlirPassBridgeQueryStatus::MlirPassBridgeQueryOk => Ok(()),
            MlirPassBridgeQueryStatus::MlirPassBridgeQueryUnknown => not_a_loop(),
            _ => Err(IrError::new("out of memory moving an op out of a loop")),
        }
    }
}

impl<'c: 'a, 'a, T: OperationMutLike<'c, 'a> + ?Sized> LoopLikeMutExt<'c, 'a> for T {}

/// Whether `ancestor` holds `op` (strictly).
fn is_proper_ancestor(ancestor: sys::MlirOperation, op: sys::MlirOperation) -> bool {
    // SAFETY: valid ops; the parent chain ends in null.
    let mut current = unsafe { sys::mlirOperationGetParentOperation(op) };
    while !current.ptr.is_null() {
        if current.ptr == ancestor.ptr {
            return true;
        }
        // SAFETY: as above.
        current = unsafe { sys::mlirOperationGetParentOperation(current) };
    }
    false
}

fn has_trait(op: sys::MlirOperation, which: MlirPassBridgeTrait) -> bool {
    // SAFETY: a valid op.
    unsafe { bridge::mlirPassBridgeHasTrait(op, which) }
}
