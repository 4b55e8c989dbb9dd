//! `op!`: one upstream op's typed handle, from the data
//! `scripts/gen-upstream-ops.py` writes for it (the tables in each dialect's
//! `ops*.rs`). What every handle has in common is written here once: the
//! struct, its `Op` impl and `Debug`, its `OpDefinition`, the accessors, the
//! builders and the adaptor. Each kind of accessor is its own flat arm (no
//! recursion), so that expanding the tables costs about what parsing the
//! code they stand for would.

/// An op's handle. The data, in this order: its docs (the description in
/// brackets, shown as written, or with `as` the text rustdoc shows), the
/// handle and adaptor names (`none` without operands), namespace, name,
/// module and summary; operands and results (layout, then
/// `(accessor, ODS name, arity, at|in index, doc suffix, constraint)`),
/// attributes (`(accessor, name, unit|enumeration T|other, doc suffix,
/// constraint, optional)`), regions (`(accessor, name, index, max blocks,
/// variadic)`), successors (`(name, variadic)`), traits; then the builder:
/// location and builder parameter names, `create` or `build_only`, its extra
/// doc lines, its parameters (`name: type = builder call(leading args)`),
/// the calls that end it and the segment flags.
macro_rules! op {
    (
        $(#[$head:meta])*
        [$desc:literal $(as $shown:literal)?]
        $(#[$tail:meta])*
        $S:ident $A:ident $ns:literal $name:literal $module:literal $summary:literal;
        operands $ol:expr; [$(($of:ident, $on:literal, $oar:ident, $oget:ident $oi:literal, $os:literal, $oc:expr)),*]
        results $rl:expr; [$(($rf:ident, $rn:literal, $rar:ident, $rget:ident $ri:literal, $rs:literal, $rc:expr)),*]
        attributes [$(($af:ident, $an:literal, $ak:ident $($aty:ty)?, $as:literal, $ac:expr, $ao:literal)),*]
        regions [$(($gf:ident, $gn:literal, $gi:literal, $gmax:expr, $gvar:tt)),*]
        successors [$(($sn:literal, $svar:literal)),*]
        traits [$($t:ident),*]
        build($loc:ident, $bld:ident, $create:ident) [$($bdoc:literal),*]
            ($($p:ident: $pt:ty = $pc:ident($($pa:expr),*)),*)
            [$($fin:ident($($fa:expr),*)),*] ($sego:literal, $segr:literal)
    ) => {
        $(#[$head])*
        #[doc = op_doc!($desc $(as $shown)?)]
        $(#[$tail])*
        #[derive(Clone, Copy)]
        pub struct $S<'a> {
            op: OperationRef<'a>,
        }

        impl<'a> Op<'a> for $S<'a> {
            fn definition() -> &'static OpDefinition {
                static DEFINITION: OpDefinition = OpDefinition {
                    name: $name,
                    type_name: concat!("mlir_pass::ops::", $module, "::", stringify!($S)),
                    summary: $summary,
                    description: $desc,
                    operands: &[$(OperandDef { name: $on, arity: Arity::$oar, constraint: $oc }),*],
                    results: &[$(ResultDef { name: $rn, arity: Arity::$rar, constraint: $rc }),*],
                    attributes: &[$(AttributeDef {
                        name: $an,
                        constraint: $ac,
                        optional: $ao,
                        default: None,
                    }),*],
                    regions: &[$(RegionDef { name: $gn, max_blocks: $gmax, variadic: $gvar }),*],
                    successors: &[$(SuccessorDef { name: $sn, variadic: $svar }),*],
                    traits: &[$(Trait::$t),*],
                    format: None,
                    format_source: None,
                    hooks: OpHooks::NONE,
                    interfaces: OpInterfaces::NONE,
                };
                &DEFINITION
            }
            fn namespace() -> &'static str {
                $ns
            }
            unsafe fn from_operation_unchecked(op: OperationRef<'a>) -> Self {
                Self { op }
            }
            fn operation(&self) -> OperationRef<'a> {
                self.op
            }
        }

        impl ::core::fmt::Debug for $S<'_> {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.debug_tuple(stringify!($S)).field(&self.op).finish()
            }
        }

        impl<'a> $S<'a> {
            const OPERANDS: &'static [Arity] = &[$(Arity::$oar),*];
            const RESULTS: &'static [Arity] = &[$(Arity::$rar),*];
            const OPERAND_LAYOUT: Layout = $ol;
            const RESULT_LAYOUT: Layout = $rl;

            $(op_value!(operand OPERANDS OPERAND_LAYOUT false $oget $oar $of $on $os $oi);)*
            $(op_value!(result RESULTS RESULT_LAYOUT true $rget $rar $rf $rn $rs $ri);)*
            $(op_attribute!($ak $af $an $as $($aty)?);)*
            $(op_region!($gvar $gf $gn $gi);)*

            #[doc = concat!("Builds a `", $ns, ".", $name, "` at `", stringify!($loc),
                "`, not inserted anywhere (C++'s")]
            #[doc = concat!("`", stringify!($S),
                "::build`); insert it with a rewriter (`insert_op`) or in a block.")]
            $(#[doc = $bdoc])*
            #[allow(clippy::too_many_arguments)]
            pub fn build<'c, 'v>(
                $loc: impl Into<Location<'c>>,
                $($p: $pt),*
            ) -> Operation<'c> {
                #[allow(unused_mut)]
                let mut __b = Builder::new(concat!($ns, ".", $name), $loc.into());
                $(__b.$pc($($pa,)* $p);)*
                $(__b.$fin($($fa),*);)*
                __b.build($sego, $segr)
            }

            op_create!($create $S $ns $name $loc $bld ($sego, $segr)
                ($($p: $pt = $pc($($pa),*)),*) [$($fin($($fa),*)),*]);

            op_adaptor_fn!($A $S [$($oi),*]);
        }

        op_adaptor!($A $S [$(($of, $on, $oar, $oi)),*]);
    };
}

/// The description as rustdoc shows it: as written, or the text after `as`.
macro_rules! op_doc {
    ($desc:literal) => {
        $desc
    };
    ($desc:literal as $shown:literal) => {
        $shown
    };
}

/// An operand's or result's accessor: `at` a fixed index (every group
/// before it single), or `in` its group.
macro_rules! op_value {
    ($kind:ident $groups:ident $layout:ident $res:literal at Single $f:ident $n:literal $s:literal $i:literal) => {
        #[doc = concat!("The ", stringify!($kind), " `", $n, "`", $s, ".")]
        #[inline]
        pub fn $f(&self) -> Value<'a, 'a> {
            $kind(self.op, $i, concat!(stringify!($kind), " `", $n, "`"))
        }
    };
    ($kind:ident $groups:ident $layout:ident $res:literal in Single $f:ident $n:literal $s:literal $i:literal) => {
        #[doc = concat!("The ", stringify!($kind), " `", $n, "`", $s, ".")]
        pub fn $f(&self) -> Value<'a, 'a> {
            let range = group(
                self.op,
                Self::$groups,
                Self::$layout,
                count(self.op, $res),
                $i,
            );
            $kind(self.op, range.0, concat!(stringify!($kind), " `", $n, "`"))
        }
    };
    ($kind:ident $groups:ident $layout:ident $res:literal in Optional $f:ident $n:literal $s:literal $i:literal) => {
        #[doc = concat!("The ", stringify!($kind), " `", $n, "`", $s, ".")]
        pub fn $f(&self) -> Option<Value<'a, 'a>> {
            let range = group(
                self.op,
                Self::$groups,
                Self::$layout,
                count(self.op, $res),
                $i,
            );
            values(self.op, range, $res).first().copied()
        }
    };
    ($kind:ident $groups:ident $layout:ident $res:literal in Variadic $f:ident $n:literal $s:literal $i:literal) => {
        #[doc = concat!("The ", stringify!($kind), " `", $n, "`", $s, ".")]
        pub fn $f(&self) -> Vec<Value<'a, 'a>> {
            let range = group(
                self.op,
                Self::$groups,
                Self::$layout,
                count(self.op, $res),
                $i,
            );
            values(self.op, range, $res)
        }
    };
}

/// An attribute's accessor: a unit attribute as `bool`, an enum as its
/// Rust enum, any other as melior's `Attribute`.
macro_rules! op_attribute {
    (unit $f:ident $n:literal $s:literal) => {
        #[doc = concat!("The attribute `", $n, "`", $s, ".")]
        pub fn $f(&self) -> bool {
            attribute(self.op, $n).is_some()
        }
    };
    (enumeration $f:ident $n:literal $s:literal $ty:ty) => {
        #[doc = concat!("The attribute `", $n, "`", $s, ".")]
        pub fn $f(&self) -> Option<$ty> {
            <$ty>::from_attribute(attribute(self.op, $n)?)
        }
    };
    (other $f:ident $n:literal $s:literal) => {
        #[doc = concat!("The attribute `", $n, "`", $s, ".")]
        pub fn $f(&self) -> Option<Attribute<'a>> {
            attribute(self.op, $n)
        }
    };
}

/// A region's accessor (`true`: a variadic region, every region from its
/// index on).
macro_rules! op_region {
    (false $f:ident $n:literal $i:literal) => {
        #[doc = concat!("The region `", $n, "`.")]
        pub fn $f(&self) -> RegionRef<'a, 'a> {
            region(self.op, $i, concat!("region `", $n, "`"))
        }
    };
    (true $f:ident $n:literal $i:literal) => {
        #[doc = concat!("The regions `", $n, "`.")]
        pub fn $f(&self) -> Vec<RegionRef<'a, 'a>> {
            ($i..count_regions(self.op))
                .map(|i| region(self.op, i, "region"))
                .collect()
        }
    };
}

/// `create`, C++'s `OpTy::create`, for ops without regions or successors
/// (`build_only`: none).
macro_rules! op_create {
    (build_only $($rest:tt)*) => {};
    (
        create $S:ident $ns:literal $name:literal $loc:ident $bld:ident ($sego:literal, $segr:literal)
        ($($p:ident: $pt:ty = $pc:ident($($pa:expr),*)),*) [$($fin:ident($($fa:expr),*)),*]
    ) => {
        #[doc = concat!("Builds a `", $ns, ".", $name, "` and inserts it at `", stringify!($bld),
            "`'s insertion point, in one")]
        #[doc = concat!("call into MLIR (C++'s `", stringify!($S), "::create(", stringify!($bld),
            ", ", stringify!($loc), ", ...)`), with the")]
        #[doc = "arguments of `build`. `Err(NoMatch)` when MLIR cannot create it (its dialect is"]
        #[doc = "not loaded, or its result types cannot be inferred): reported as an error of"]
        #[doc = "the pattern, which then fails."]
        #[allow(clippy::too_many_arguments)]
        pub fn create<'r, 'c, 'v>(
            $bld: &'r (impl OpBuilder + ?Sized),
            $loc: impl Into<Location<'c>>,
            $($p: $pt),*
        ) -> Result<$S<'r>, NoMatch> {
            #[allow(unused_mut)]
            let mut __b = Builder::new(concat!($ns, ".", $name), $loc.into());
            $(__b.$pc($($pa,)* $p);)*
            $(__b.$fin($($fa),*);)*
            let __op = __b.create($bld, $sego, $segr).ok_or(NoMatch)?;
            Ok($S { op: __op })
        }
    };
}

/// `adaptor`, the method that makes the adaptor (`none`: an op without
/// operands has neither).
macro_rules! op_adaptor_fn {
    (none $S:ident [$($i:literal),*]) => {};
    ($A:ident $S:ident [$($i:literal),*]) => {
        #[doc = "The operands of this op's kind by name, read from `operands` rather than from"]
        #[doc = concat!("the op (a conversion pattern's remapped operands): ODS's `",
            stringify!($S), "::Adaptor`.")]
        pub fn adaptor<'o, 'c, 'v>(&self, operands: &'o [Value<'c, 'v>]) -> $A<'o, 'c, 'v> {
            $A {
                operands,
                groups: [$(group(self.op, Self::OPERANDS, Self::OPERAND_LAYOUT, operands.len(), $i)),*],
            }
        }
    };
}

/// The adaptor, ODS's `OpTy::Adaptor`: the operands by name, read from a
/// list given apart from the op.
macro_rules! op_adaptor {
    (none $S:ident [$($rest:tt),*]) => {};
    ($A:ident $S:ident [$(($f:ident, $n:literal, $ar:ident, $i:literal)),*]) => {
        #[doc = concat!("The operands of a [`", stringify!($S),
            "`] by name, read from a list given apart from the op")]
        #[doc = concat!("(ODS's `", stringify!($S), "::Adaptor`); made by [`",
            stringify!($S), "::adaptor`].")]
        #[derive(Clone, Copy, Debug)]
        pub struct $A<'o, 'c, 'v> {
            operands: &'o [Value<'c, 'v>],
            groups: [(usize, usize); [$($i),*].len()],
        }

        impl<'o, 'c, 'v> $A<'o, 'c, 'v> {
            $(op_adaptor_get!($ar $f $n $i);)*
        }
    };
}

/// One operand of an adaptor, by arity.
macro_rules! op_adaptor_get {
    (Single $f:ident $n:literal $i:literal) => {
        #[doc = concat!("The operand `", $n, "`.")]
        pub fn $f(&self) -> Value<'c, 'v> {
            self.operands[self.groups[$i].0]
        }
    };
    (Optional $f:ident $n:literal $i:literal) => {
        #[doc = concat!("The operand `", $n, "`.")]
        pub fn $f(&self) -> Option<Value<'c, 'v>> {
            let (start, len) = self.groups[$i];
            self.operands[start..start + len].first().copied()
        }
    };
    (Variadic $f:ident $n:literal $i:literal) => {
        #[doc = concat!("The operand `", $n, "`.")]
        pub fn $f(&self) -> &'o [Value<'c, 'v>] {
            let (start, len) = self.groups[$i];
            &self.operands[start..start + len]
        }
    };
}
