//! The `ralias` dialect: aliases of types and attributes
//! (`OpAsmDialectInterface::getAlias`, ODS's `genMnemonicAlias`).
//! `!ralias.fixed<N>` prints as `!fixed` (`alias = "fixed"` on the type),
//! `#ralias.tag<N>` as `#tag` (`alias` alone: the name), and the
//! dialect's hook names others: `!ralias.fixed<8>` is `!byte` (a final
//! alias, over the type's), `i7` is `!seven`, `#ralias.map<N>` is `#map`
//! (as builtin's affine maps are), a string `"panic-alias"` panics and
//! `"bad-alias"` gets a name MLIR could not read back.

use mlir_pass::dialect::{
    mlir_attr, mlir_dialect, mlir_type, Alias, AliasTarget, DialectAttr, DialectType,
};
use mlir_pass::melior::ir::{attribute::StringAttribute, r#type::IntegerType, TypeLike};

/// Types and attributes with aliases.
#[mlir_dialect(name = "ralias", alias = alias_of)]
pub struct RAliasDialect;

/// A fixed-point number of `width` bits: `!fixed`.
#[mlir_type(dialect = RAliasDialect, name = "fixed", format = "`<` $width `>`", alias = "fixed")]
pub struct FixedType {
    /// Its width.
    #[param]
    width: u32,
}

/// A tag: `#tag`.
#[mlir_attr(dialect = RAliasDialect, name = "tag", format = "`<` $value `>`", alias)]
pub struct TagAttr {
    /// Its value.
    #[param]
    value: i64,
}

/// A flag without parameters: `#ralias.flag`.
#[mlir_attr(dialect = RAliasDialect, name = "flag")]
pub struct FlagAttr {}

/// Holds a tag and a flag, written without their names as ODS's
/// `printStrippedAttrOrType` writes them: the tag as its alias (`#tag`),
/// the flag, whose body is empty, whole: `#ralias.holder<#tag, #ralias.flag>`.
#[mlir_attr(dialect = RAliasDialect, name = "holder", format = "`<` $tag `,` $flag `>`")]
pub struct HolderAttr {
    /// A tag, which has an alias.
    #[param]
    tag: TagAttr<'static>,
    /// A flag, which has no body.
    #[param]
    flag: FlagAttr<'static>,
}

/// A map, aliased by the dialect's hook as builtin's affine maps are.
#[mlir_attr(dialect = RAliasDialect, name = "map", format = "`<` $value `>`")]
pub struct MapAttr {
    /// Its value.
    #[param]
    value: i64,
}

/// The dialect's alias hook.
fn alias_of(target: AliasTarget<'_>) -> Option<Alias> {
    match target {
        AliasTarget::Type(ty) => {
            if FixedType::cast(ty).is_some_and(|f| f.width() == 8) {
                return Some(Alias::Final("byte".to_owned()));
            }
            let int = IntegerType::try_from(ty).ok()?;
            (int.width() == 7 && ty.is_integer()).then(|| Alias::Overridable("seven".to_owned()))
        }
        AliasTarget::Attribute(attr) => {
            if MapAttr::cast(attr).is_some() {
                return Some(Alias::Overridable("map".to_owned()));
            }
            let text = StringAttribute::try_from(attr).ok()?;
            match text.value() {
                "panic-alias" => panic!("the alias hook blew up"),
                "bad-alias" => Some(Alias::Final("no good".to_owned())),
                _ => None,
            }
        }
    }
}
