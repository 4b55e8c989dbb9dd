//! Struct declarations for the struct types of the IR: Toy's struct types
//! are structural, its structs declared, so each struct type gets one
//! declaration (`Struct0`, ...), its members `f0`, `f1`, ... in order.
//!
//! A declared member is a struct or a `var` (an unshaped tensor): struct
//! types that differ only in the shapes of their tensors (hand-written IR
//! may have `!toy.struct<tensor<2xf64>>`) get one declaration, and the
//! program reads its values back as unshaped, which shape inference
//! recovers.

use std::collections::HashMap;

use mlir_pass::dialect::DialectType;
use mlir_pass::melior::ir::{OperationRef as MeliorOp, Type, TypeLike};
use mlir_pass::translate_main::TranslationError;

use super::fail;
use crate::dialect::StructType;

/// The struct declarations written so far, by type.
#[derive(Default)]
pub(super) struct StructNames {
    /// By the struct's structure: `{t,{t,t}}` (`t` a tensor of `f64`).
    by_structure: HashMap<String, String>,
    declarations: Vec<String>,
}

impl StructNames {
    /// The name of the struct declared for `ty`, declaring it (and the
    /// structs of its members) the first time; `None` when `ty` is not a
    /// struct. An error at `op` (which has a value of that type) when a
    /// member is neither a struct nor a tensor of `f64`.
    pub(super) fn name_of(
        &mut self,
        ty: Type<'_>,
        op: &MeliorOp<'_, '_>,
    ) -> Result<Option<String>, TranslationError> {
        let Some(st) = StructType::cast(ty) else {
            return Ok(None);
        };
        let mut members = String::new();
        let mut structure = String::from("{");
        for (i, element) in st.element_types().into_iter().enumerate() {
            if i > 0 {
                structure.push(',');
            }
            match self.name_of(element, op)? {
                Some(name) => {
                    members.push_str(&format!("  {name} f{i};\n"));
                    structure.push_str(&name);
                }
                None if element.is_tensor()
                    && mlir_pass::ir::TypeExt::element_type_or_self(&element).is_f64() =>
                {
                    members.push_str(&format!("  var f{i};\n"));
                    structure.push('t');
                }
                None => {
                    return Err(fail(
                        op,
                        format!(
                            "a Toy struct's members are structs or tensors of f64, so {ty}, \
                             which has a {element} member, cannot be declared in Toy"
                        ),
                    ))
                }
            }
        }
        structure.push('}');
        if let Some(name) = self.by_structure.get(&structure) {
            return Ok(Some(name.clone()));
        }
        let name = format!("Struct{}", self.declarations.len());
        self.declarations
            .push(format!("struct {name} {{\n{members}}}\n"));
        self.by_structure.insert(structure, name.clone());
        Ok(Some(name))
    }

    /// The declarations, each before those that use it.
    pub(super) fn declarations(self) -> Vec<String> {
        self.declarations
    }
}
