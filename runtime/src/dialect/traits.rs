//! The traits an op declares (`traits = [Pure, IsTerminator]`), with MLIR's
//! meaning: `Operation::hasTrait` answers them as for a C++ op (so passes
//! such as `cse`, `canonicalize` and the verifier treat the op as they
//! treat upstream ops), and the generated verifier checks them with MLIR's
//! own trait verifiers and wording.

/// One trait from MLIR's list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trait {
    /// `Pure`: no memory effect and always speculatable (`NoMemoryEffect`
    /// plus `AlwaysSpeculatable`); `cse` merges such ops and
    /// `canonicalize` erases them when unused.
    Pure,
    /// `NoMemoryEffect`: reads and writes nothing.
    NoMemoryEffect,
    /// `AlwaysSpeculatable`.
    AlwaysSpeculatable,
    /// `IsTerminator`: ends a block.
    IsTerminator,
    /// `NoTerminator`: its single-block regions need no terminator.
    NoTerminator,
    /// `HasParent<...>`: its parent op is one of these (full names, such as
    /// `"toy.func"`).
    HasParent(&'static [&'static str]),
    /// `IsolatedFromAbove`: its regions use no value defined outside them.
    IsolatedFromAbove,
    /// `SameOperandsAndResultType`.
    SameOperandsAndResultType,
    /// `SameOperandsAndResultShape`.
    SameOperandsAndResultShape,
    /// `SameTypeOperands`.
    SameTypeOperands,
    /// `Commutative`: operands may be reordered (canonicalization sorts
    /// constants to the right).
    Commutative,
    /// `ConstantLike`: folds to a constant attribute; needs a folder.
    ConstantLike,
    /// `SingleBlock`: each region has at most one block.
    SingleBlock,
    /// `ZeroRegions`.
    ZeroRegions,
    /// `Symbol`: the op defines a symbol (a `sym_name` string attribute,
    /// with an optional `sym_visibility`); implements
    /// `SymbolOpInterface`.
    Symbol,
    /// `SymbolTable`: its single region holds symbols.
    SymbolTable,
    /// `AttrSizedOperandSegments`: the sizes of several variadic operand
    /// groups are in the `operandSegmentSizes` attribute.
    AttrSizedOperandSegments,
    /// `AttrSizedResultSegments`: the same for results
    /// (`resultSegmentSizes`).
    AttrSizedResultSegments,
    /// `ReturnLike`: returns control to its parent (with
    /// `RegionBranchTerminatorOpInterface`).
    ReturnLike,
}

impl Trait {
    /// The trait's name in ODS (`"Pure"`, `"HasParent<toy.func>"`).
    pub fn ods_name(&self) -> String {
        match self {
            Self::HasParent(parents) => format!("HasParent<{}>", parents.join(", ")),
            other => format!("{other:?}"),
        }
    }

    /// The bit of the set the bridge receives.
    pub(crate) fn bit(&self) -> u64 {
        use crate::ffi::bridge::MlirPassBridgeOpTrait as T;
        let t = match self {
            Self::Pure => T::MlirPassBridgeOpTraitPure,
            Self::NoMemoryEffect => T::MlirPassBridgeOpTraitNoMemoryEffect,
            Self::AlwaysSpeculatable => T::MlirPassBridgeOpTraitAlwaysSpeculatable,
            Self::IsTerminator => T::MlirPassBridgeOpTraitIsTerminator,
            Self::NoTerminator => T::MlirPassBridgeOpTraitNoTerminator,
            Self::HasParent(_) => T::MlirPassBridgeOpTraitHasParent,
            Self::IsolatedFromAbove => T::MlirPassBridgeOpTraitIsolatedFromAbove,
            Self::SameOperandsAndResultType => T::MlirPassBridgeOpTraitSameOperandsAndResultType,
            Self::SameOperandsAndResultShape => T::MlirPassBridgeOpTraitSameOperandsAndResultShape,
            Self::SameTypeOperands => T::MlirPassBridgeOpTraitSameTypeOperands,
            Self::Commutative => T::MlirPassBridgeOpTraitCommutative,
            Self::ConstantLike => T::MlirPassBridgeOpTraitConstantLike,
            Self::SingleBlock => T::MlirPassBridgeOpTraitSingleBlock,
            Self::ZeroRegions => T::MlirPassBridgeOpTraitZeroRegions,
            Self::Symbol => T::MlirPassBridgeOpTraitSymbol,
            Self::SymbolTable => T::MlirPassBridgeOpTraitSymbolTable,
            Self::AttrSizedOperandSegments => T::MlirPassBridgeOpTraitAttrSizedOperandSegments,
            Self::AttrSizedResultSegments => T::MlirPassBridgeOpTraitAttrSizedResultSegments,
            Self::ReturnLike => T::MlirPassBridgeOpTraitReturnLike,
        };
        1u64 << t.0
    }
}
