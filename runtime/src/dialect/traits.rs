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
    /// ODS's `AllTypesMatch<["lhs", "rhs", "result"]>`: the named operands,
    /// results and typed attributes have one type ("failed to verify that
    /// all of {lhs, rhs, result} have same type"). A format may give one of
    /// their types and leave out the others.
    AllTypesMatch(&'static [&'static str]),
    /// ODS's `AllElementTypesMatch<[...]>`: the same element type (a
    /// shaped type's, or the type itself for any other).
    AllElementTypesMatch(&'static [&'static str]),
    /// ODS's `AllShapesMatch<[...]>`: the same shape (shaped types; an
    /// unranked type only matches unranked ones).
    AllShapesMatch(&'static [&'static str]),
    /// ODS's `AllRanksMatch<[...]>`: the same rank (shaped types; an
    /// unranked type only matches unranked ones).
    AllRanksMatch(&'static [&'static str]),
    /// ODS's `TypesMatchWith<summary, lhs, rhs, transform>`: the type of
    /// `rhs` is `transform` applied to the type of `lhs` ("failed to verify
    /// that `summary`"). A format that gives `lhs`'s type may leave out
    /// `rhs`'s.
    TypesMatchWith {
        /// What it checks, as the message says it
        /// (`"complex element type matches result type"`).
        summary: &'static str,
        /// The operand, result or attribute whose type is transformed.
        lhs: &'static str,
        /// The operand or result whose type it must equal.
        rhs: &'static str,
        /// The transformation.
        transform: TypeTransform,
    },
}

/// How [`Trait::TypesMatchWith`] derives one type from another (ODS's
/// `transformer`, a C++ expression there).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TypeTransform {
    /// The type itself (`$_self`).
    Identity,
    /// The element type of a shaped or complex type
    /// (`::llvm::cast<ComplexType>($_self).getElementType()`,
    /// `::llvm::cast<ShapedType>($_self).getElementType()`); no type for
    /// any other, which then matches nothing.
    ElementType,
    /// The element type of a shaped type, or the type itself
    /// (`getElementTypeOrSelf($_self)`).
    ElementTypeOrSelf,
    /// `i1` of the same shape: `i1` for a scalar, `vector<4xi1>` for
    /// `vector<4xf32>`, `tensor<*xi1>` for `tensor<*xi32>` (arith's
    /// `getI1SameShape($_self)`, as comparisons use it).
    I1SameShape,
}

impl TypeTransform {
    /// The transformed type, or `None` where it does not apply.
    pub fn apply(self, ty: melior::ir::Type<'_>) -> Option<melior::ir::Type<'_>> {
        use melior::ir::TypeLike;
        // SAFETY: a valid type; the bridge returns a valid type or null.
        let raw =
            unsafe { crate::ffi::bridge::mlirPassBridgeTransformType(self.bridge(), ty.to_raw()) };
        // SAFETY: a type of `ty`'s context.
        (!raw.ptr.is_null()).then(|| unsafe { melior::ir::Type::from_raw(raw) })
    }

    /// The bridge's name for it.
    pub(crate) fn bridge(self) -> crate::ffi::bridge::MlirPassBridgeTypeTransform {
        use crate::ffi::bridge::MlirPassBridgeTypeTransform as T;
        match self {
            Self::Identity => T::MlirPassBridgeTypeTransformIdentity,
            Self::ElementType => T::MlirPassBridgeTypeTransformElementType,
            Self::ElementTypeOrSelf => T::MlirPassBridgeTypeTransformElementTypeOrSelf,
            Self::I1SameShape => T::MlirPassBridgeTypeTransformI1SameShape,
        }
    }
}

impl Trait {
    /// The trait's name in ODS (`"Pure"`, `"HasParent<toy.func>"`).
    pub fn ods_name(&self) -> String {
        let quoted = |names: &[&str]| {
            let names: Vec<String> = names.iter().map(|n| format!("{n:?}")).collect();
            names.join(", ")
        };
        match self {
            Self::HasParent(parents) => format!("HasParent<{}>", parents.join(", ")),
            Self::AllTypesMatch(names) => format!("AllTypesMatch<[{}]>", quoted(names)),
            Self::AllElementTypesMatch(names) => {
                format!("AllElementTypesMatch<[{}]>", quoted(names))
            }
            Self::AllShapesMatch(names) => format!("AllShapesMatch<[{}]>", quoted(names)),
            Self::AllRanksMatch(names) => format!("AllRanksMatch<[{}]>", quoted(names)),
            Self::TypesMatchWith {
                summary,
                lhs,
                rhs,
                transform,
            } => format!("TypesMatchWith<{summary:?}, {lhs:?}, {rhs:?}, {transform:?}>"),
            other => format!("{other:?}"),
        }
    }

    /// The bit of the set the bridge receives; 0 for the traits the Rust
    /// verifier checks alone.
    pub(crate) fn bit(&self) -> u64 {
        use crate::ffi::bridge::MlirPassBridgeOpTrait as T;
        let t = match self {
            Self::AllTypesMatch(_)
            | Self::AllElementTypesMatch(_)
            | Self::AllShapesMatch(_)
            | Self::AllRanksMatch(_)
            | Self::TypesMatchWith { .. } => return 0,
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
