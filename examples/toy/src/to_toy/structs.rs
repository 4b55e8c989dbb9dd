//! Struct declarations for the struct types of the IR: Toy's struct types
//! are structural, its structs declared, so each struct type gets one
//! declaration (`Struct0`, ...), its members `f0`, `f1`, ... in order.

use std::collections::HashMap;

use mlir_pass::dialect::DialectType;
use mlir_pass::melior::ir::{OperationRef as MeliorOp, Type, TypeLike};
use mlir_pass::translate_main::TranslationError;

use super::fail;
use crate::dialect::shape::is_unranked_tensor;
use crate::dialect::StructType;

/// The struct declarations written so far, by type.
#[derive(Default)]
pub(super) struct StructNames {
    by_type: HashMap<String, String>,
    declarations: Vec<String>,
}

impl StructNames {
    /// The name of the struct declared for `ty`, declaring it (and the
    /// structs of its members) the first time; `None` when `ty` is not a
    /// struct. An error at `op` (which has a value of that type) when a
    /// member's type is not one a declaration can give.
    pub(super) fn name_of(
        &mut self,
        ty: Type<'_>,
        op: &MeliorOp<'_, '_>,
    ) -> Result<Option<String>, TranslationError> {
        let Some(st) = StructType::cast(ty) else {
            return Ok(None);
        };
        let key = ty.to_string();
        if let Some(name) = self.by_type.get(&key) {
            return Ok(Some(name.clone()));
        }
        let mut members = String::new();
        for (i, element) in st.element_types().into_iter().enumerate() {
            match self.name_of(element, op)? {
                Some(name) => members.push_str(&format!("  {name} f{i};\n")),
                None if is_unranked_tensor(element)
                    && mlir_pass::ir::TypeExt::element_type_or_self(&element).is_f64() =>
                {
                    members.push_str(&format!("  var f{i};\n"))
                }
                None => {
                    return Err(fail(
                        op,
                        format!(
                            "a Toy struct's members are structs or `var`s (tensor<*xf64>), so \
                             {ty}, which has a {element} member, cannot be declared in Toy"
                        ),
                    ))
                }
            }
        }
        let name = format!("Struct{}", self.declarations.len());
        self.declarations
            .push(format!("struct {name} {{\n{members}}}\n"));
        self.by_type.insert(key, name.clone());
        Ok(Some(name))
    }

    /// The declarations, each before those that use it.
    pub(super) fn declarations(self) -> Vec<String> {
        self.declarations
    }
}
