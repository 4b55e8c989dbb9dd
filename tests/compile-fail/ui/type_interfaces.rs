// `#[mlir_type(interfaces = [...])]` takes MemRefElementTypeInterface,
// VectorElementTypeInterface and OpAsmTypeInterface(asm_name = "..."),
// `#[mlir_attr(interfaces = [...])]` VerifiableTensorEncoding and the
// method it asks for: a misspelled or unknown interface, parameters on a
// marker, a missing, empty or unknown key of OpAsmTypeInterface, an
// interface listed twice, an interface on the wrong kind, an element marker
// without DataLayoutTypeInterface and a missing `verify_encoding`,
// `size_in_bits` or `asm_name` (for `OpAsmTypeInterface(asm_name)`) are
// errors at the user's token that say what to write.
use mlir_pass::dialect::{mlir_attr, mlir_dialect, mlir_type};

#[mlir_dialect(name = "toy")]
pub struct ToyDialect;

#[mlir_type(dialect = ToyDialect, name = "a", interfaces = [MemrefElementTypeInterface])]
pub struct AType {}

#[mlir_type(dialect = ToyDialect, name = "b", interfaces = [ShapedTypeInterface])]
pub struct BType {}

#[mlir_type(dialect = ToyDialect, name = "c", interfaces = [VectorElementTypeInterface(width = bits)])]
pub struct CType {}

#[mlir_type(dialect = ToyDialect, name = "d", interfaces = [OpAsmTypeInterface])]
pub struct DType {}

#[mlir_type(dialect = ToyDialect, name = "e", interfaces = [OpAsmTypeInterface(asm_name = "")])]
pub struct EType {}

#[mlir_type(dialect = ToyDialect, name = "f", interfaces = [OpAsmTypeInterface(name = "f")])]
pub struct FType {}

#[mlir_type(
    dialect = ToyDialect,
    name = "g",
    interfaces = [MemRefElementTypeInterface, MemRefElementTypeInterface, DataLayoutTypeInterface]
)]
pub struct GType {}

impl GType<'_> {
    fn size_in_bits(&self) -> u64 {
        8
    }
}

#[mlir_attr(dialect = ToyDialect, name = "h", interfaces = [MemRefElementTypeInterface])]
pub struct HAttr {}

#[mlir_type(dialect = ToyDialect, name = "i", interfaces = [VerifiableTensorEncoding])]
pub struct IType {}

#[mlir_attr(dialect = ToyDialect, name = "j", interfaces = [VerifiableTensorEncodings])]
pub struct JAttr {}

#[mlir_attr(dialect = ToyDialect, name = "k", interfaces = [VerifiableTensorEncoding])]
pub struct KAttr {}

#[mlir_type(dialect = ToyDialect, name = "l", interfaces = [VectorElementTypeInterface])]
pub struct LType {}

#[mlir_type(dialect = ToyDialect, name = "m", interfaces = [DataLayoutTypeInterface])]
pub struct MType {}

#[mlir_type(dialect = ToyDialect, name = "named", interfaces = [OpAsmTypeInterface(asm_name)])]
pub struct NamedType {}

fn main() {}
