// After a mistake in the attribute, the macro still emits the handle with
// its accessors, `get` and `DialectType` impl, so the code that uses the
// type reports nothing more: one mistake, one error.
use mlir_pass::dialect::ods::{TypeAttr, Variadic};
use mlir_pass::dialect::{mlir_dialect, mlir_type, DialectType};
use mlir_pass::melior::{
    ir::{attribute::TypeAttribute, Type},
    Context,
};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_type(dialect = ToyDialect, name = "tuple", sumary = "A tuple.")]
pub struct TupleType {
    #[param]
    elements: Variadic<TypeAttr>,
}

fn use_it<'c>(context: &'c Context, ty: Type<'c>) -> Result<Type<'c>, String> {
    let tuple = TupleType::get(context, &[TypeAttribute::new(ty)])?;
    let _: Vec<TypeAttribute> = tuple.elements();
    println!("{tuple} {tuple:?} {:?}", TupleType::cast(ty));
    Ok(tuple.into())
}

fn main() {
    let _ = use_it;
}
