//! The Toy abstract syntax tree, as upstream's `AST.h` (chapter 7: structs
//! included).

use std::fmt;
use std::rc::Rc;

/// A position in the source.
#[derive(Clone, Debug, PartialEq)]
pub struct Location {
    /// The file name, as given to [`parse`](super::parse).
    pub file: Rc<str>,
    /// The line, from 1.
    pub line: u32,
    /// The column (in bytes), from 1.
    pub col: u32,
}

impl fmt::Display for Location {
    /// `file:line:col`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.col)
    }
}

/// A declared type: a struct name (non-empty) or a shape (possibly empty =
/// unknown).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VarType {
    /// The struct's name, or empty for a tensor.
    pub name: String,
    /// The tensor's shape (`var a<2, 3>`), empty if unknown.
    pub shape: Vec<i64>,
}

/// A variable declaration: `var a<2,3> = init;`, a struct field (`var a;`),
/// or a function parameter (init None).
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    /// Where the declaration starts (`var` or the struct type's name).
    pub loc: Location,
    /// The variable's name.
    pub name: String,
    /// The declared type.
    pub ty: VarType,
    /// The initializer, if any.
    pub init: Option<Box<Expr>>,
}

/// An expression.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A number: `1.5`.
    Num {
        /// Where the number is.
        loc: Location,
        /// Its value.
        value: f64,
    },
    /// A tensor literal: `dims` its shape, `values` Num or nested Literal, as
    /// upstream's LiteralExprAST.
    Literal {
        /// Where the opening `[` is.
        loc: Location,
        /// The shape: this level's length, then the nested levels'.
        dims: Vec<i64>,
        /// This level's elements: all `Num`, or all `Literal` of one shape.
        values: Vec<Expr>,
    },
    /// `{a, b}`: values are Literal, Num or StructLiteral.
    StructLiteral {
        /// Where the opening `{` is.
        loc: Location,
        /// The fields' values, in order.
        values: Vec<Expr>,
    },
    /// A reference to a variable (or, right of `.`, a field's name).
    Var {
        /// Where the name is.
        loc: Location,
        /// The name.
        name: String,
    },
    /// A variable declaration, as a statement.
    VarDecl(VarDecl),
    /// `return;` or `return expr;`.
    Return {
        /// Where `return` is.
        loc: Location,
        /// The returned value, if any.
        expr: Option<Box<Expr>>,
    },
    /// op is '+', '-', '*' or '.' (field access: rhs is a Var naming the
    /// field).
    BinOp {
        /// Where the right-hand side starts (upstream's choice).
        loc: Location,
        /// The operator.
        op: char,
        /// The left operand.
        lhs: Box<Expr>,
        /// The right operand.
        rhs: Box<Expr>,
    },
    /// A call to a user-defined function (or a builtin such as `transpose`).
    Call {
        /// Where the callee's name is.
        loc: Location,
        /// The callee's name.
        callee: String,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// The builtin `print(x)`.
    Print {
        /// Where `print` is.
        loc: Location,
        /// The printed value.
        arg: Box<Expr>,
    },
}

impl Expr {
    /// The expression's location.
    pub fn loc(&self) -> &Location {
        match self {
            Expr::Num { loc, .. }
            | Expr::Literal { loc, .. }
            | Expr::StructLiteral { loc, .. }
            | Expr::Var { loc, .. }
            | Expr::Return { loc, .. }
            | Expr::BinOp { loc, .. }
            | Expr::Call { loc, .. }
            | Expr::Print { loc, .. } => loc,
            Expr::VarDecl(decl) => &decl.loc,
        }
    }
}

/// A function's signature.
#[derive(Clone, Debug, PartialEq)]
pub struct Prototype {
    /// Where `def` is.
    pub loc: Location,
    /// The function's name.
    pub name: String,
    /// The parameters: `a` (no type) or `StructName a`.
    pub args: Vec<VarDecl>,
}

/// A function definition.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// The signature.
    pub proto: Prototype,
    /// The body's statements.
    pub body: Vec<Expr>,
}

/// A struct definition: `struct S { var a; var b; }`.
#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    /// Where `struct` is.
    pub loc: Location,
    /// The struct's name.
    pub name: String,
    /// The fields, in order.
    pub vars: Vec<VarDecl>,
}

/// A top-level definition.
#[derive(Clone, Debug, PartialEq)]
pub enum Record {
    /// A function.
    Function(Function),
    /// A struct.
    Struct(StructDef),
}

/// A whole Toy source file.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    /// The functions and structs, in source order.
    pub records: Vec<Record>,
}
