//! The Toy AST (upstream's `AST.h`, chapter 7).

use std::rc::Rc;

/// A position in the source: the file's name as given, a line and a
/// column (both from 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Location {
    /// The file's name.
    pub file: Rc<str>,
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1.
    pub col: u32,
}

/// A declared type: a struct by name, or a tensor shape (empty: unknown).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct VarType {
    /// The struct's name, or empty for a tensor.
    pub name: String,
    /// The tensor's shape, empty when not given.
    pub shape: Vec<i64>,
}

/// A variable declaration (`var a<2, 3> = init;`, `Pair p = {...};`), a
/// struct field (`var a;`) or a function parameter (no initializer).
#[derive(Clone, Debug, PartialEq)]
pub struct VarDecl {
    /// Where it starts.
    pub loc: Location,
    /// The variable's name.
    pub name: String,
    /// Its declared type.
    pub ty: VarType,
    /// Its initial value.
    pub init: Option<Box<Expr>>,
}

/// An expression or statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A number.
    Num {
        /// Where.
        loc: Location,
        /// Its value.
        value: f64,
    },
    /// A tensor literal, `[[1, 2], [3, 4]]`.
    Literal {
        /// Where.
        loc: Location,
        /// Its shape.
        dims: Vec<i64>,
        /// Its elements at this level: numbers or nested literals.
        values: Vec<Expr>,
    },
    /// A struct literal, `{[1, 2], 3}`.
    StructLiteral {
        /// Where.
        loc: Location,
        /// Its elements: literals, numbers or struct literals.
        values: Vec<Expr>,
    },
    /// A variable's use.
    Var {
        /// Where.
        loc: Location,
        /// Its name.
        name: String,
    },
    /// A variable's declaration.
    VarDecl(VarDecl),
    /// `return;` or `return expr;`.
    Return {
        /// Where.
        loc: Location,
        /// The returned value.
        expr: Option<Box<Expr>>,
    },
    /// `lhs op rhs`: `+`, `-`, `*`, or `.` (a struct field: `rhs` is a
    /// `Var` naming it).
    BinOp {
        /// Where (upstream: the right operand's start).
        loc: Location,
        /// The operator.
        op: char,
        /// The left operand.
        lhs: Box<Expr>,
        /// The right operand.
        rhs: Box<Expr>,
    },
    /// A call of a function or of the builtin `transpose`.
    Call {
        /// Where.
        loc: Location,
        /// The callee's name.
        callee: String,
        /// The arguments.
        args: Vec<Expr>,
    },
    /// The builtin `print(expr)`.
    Print {
        /// Where.
        loc: Location,
        /// What to print.
        arg: Box<Expr>,
    },
}

impl Expr {
    /// Where the expression is.
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

/// A function's signature: `def name(a, Pair p)`.
#[derive(Clone, Debug, PartialEq)]
pub struct Prototype {
    /// Where (`def`).
    pub loc: Location,
    /// The function's name.
    pub name: String,
    /// The parameters.
    pub args: Vec<VarDecl>,
}

/// A function: its signature and body.
#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    /// The signature.
    pub proto: Prototype,
    /// The statements.
    pub body: Vec<Expr>,
}

/// `struct Name { var a; var b; }`.
#[derive(Clone, Debug, PartialEq)]
pub struct StructDef {
    /// Where (`struct`).
    pub loc: Location,
    /// The struct's name.
    pub name: String,
    /// Its fields.
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

/// A Toy file: its definitions in order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Module {
    /// The definitions.
    pub records: Vec<Record>,
}
