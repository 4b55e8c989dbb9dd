#!/usr/bin/env python3
"""Generates mlir_pass::ops: typed handles for upstream MLIR ops, from the ODS
records of MLIR 22's own .td files (the ones Debian ships under
/usr/lib/llvm-22/include/mlir), read as JSON through `llvm-tblgen --dump-json`.

    python3 scripts/gen-upstream-ops.py           # writes runtime/src/ops/<dialect>/
    python3 scripts/gen-upstream-ops.py --check   # exits 1 if a file would change

Each op is an entry of a table, data only: its docs, names, operands,
results, attributes, regions, successors, traits and builder parameters. The
`op!` macro (`runtime/src/ops/macros.rs`, written by hand) turns an entry
into the handle, its `Op` impl, `OpDefinition`, accessors, `build`/`create`
and adaptor, so the code they share is written once. Each dialect is a
folder: `mod.rs` (the module's docs and re-exports), `ops*.rs` (the table,
in files of at most about 450 lines), `enums*.rs` (the enums, as code) and
`table.rs` (what the runtime's tests check against MLIR).

The generated files are committed, so that building mlir-pass needs neither
tblgen, Python nor this script; the integration tests run `--check` to keep
them in step with the installed MLIR.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import textwrap
import time

LLVM = os.environ.get("LLVM_PREFIX", "/usr/lib/llvm-22")
INCLUDE = f"{LLVM}/include"
TBLGEN = f"{LLVM}/bin/llvm-tblgen"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "runtime", "src", "ops")

# module, .td file, dialect record
DIALECTS = [
    ("affine", "Affine/IR/AffineOps.td", "Affine_Dialect"),
    ("arith", "Arith/IR/ArithOps.td", "Arith_Dialect"),
    ("cf", "ControlFlow/IR/ControlFlowOps.td", "ControlFlow_Dialect"),
    ("func", "Func/IR/FuncOps.td", "Func_Dialect"),
    ("llvm", "LLVMIR/LLVMOps.td", "LLVM_Dialect"),
    ("math", "Math/IR/MathOps.td", "Math_Dialect"),
    ("memref", "MemRef/IR/MemRefOps.td", "MemRef_Dialect"),
    ("scf", "SCF/IR/SCFOps.td", "SCF_Dialect"),
    ("tensor", "Tensor/IR/TensorOps.td", "Tensor_Dialect"),
    ("vector", "Vector/IR/VectorOps.td", "Vector_Dialect"),
]

# ODS traits that mlir_pass::dialect::Trait names.
TRAITS = {
    "NoMemoryEffect": "NoMemoryEffect",
    "AlwaysSpeculatableImplTrait": "AlwaysSpeculatable",
    "Terminator": "IsTerminator",
    "NoTerminator": "NoTerminator",
    "IsolatedFromAbove": "IsolatedFromAbove",
    "SameOperandsAndResultType": "SameOperandsAndResultType",
    "SameOperandsAndResultShape": "SameOperandsAndResultShape",
    "SameTypeOperands": "SameTypeOperands",
    "Commutative": "Commutative",
    "ConstantLike": "ConstantLike",
    "SingleBlock": "SingleBlock",
    "Symbol": "Symbol",
    "SymbolTable": "SymbolTable",
    "AttrSizedOperandSegments": "AttrSizedOperandSegments",
    "AttrSizedResultSegments": "AttrSizedResultSegments",
}

# ODS type constraints that mlir_pass::dialect::TypeConstraint states exactly.
TYPES = {
    "AnyType": "TypeConstraint::Any",
    "Index": "TypeConstraint::Index",
    "I1": "TypeConstraint::Integer { width: Some(1), signless: true }",
    "I8": "TypeConstraint::Integer { width: Some(8), signless: true }",
    "I16": "TypeConstraint::Integer { width: Some(16), signless: true }",
    "I32": "TypeConstraint::Integer { width: Some(32), signless: true }",
    "I64": "TypeConstraint::Integer { width: Some(64), signless: true }",
    "AnySignlessInteger": "TypeConstraint::Integer { width: None, signless: true }",
    "AnyInteger": "TypeConstraint::Integer { width: None, signless: false }",
    "F16": "TypeConstraint::Float(Some(16))",
    "F32": "TypeConstraint::Float(Some(32))",
    "F64": "TypeConstraint::Float(Some(64))",
    "AnyFloat": "TypeConstraint::Float(None)",
}
ATTRS = {
    "UnitAttr": "AttrConstraint::Unit",
    "StrAttr": "AttrConstraint::Str",
    "BoolAttr": "AttrConstraint::Bool",
    "TypeAttr": "AttrConstraint::Type",
    "SymbolRefAttr": "AttrConstraint::SymbolRef",
    "FlatSymbolRefAttr": "AttrConstraint::FlatSymbolRef",
    "ArrayAttr": "AttrConstraint::Array",
    "DictionaryAttr": "AttrConstraint::Dictionary",
    "I32Attr": "AttrConstraint::Integer(Some(32))",
    "I64Attr": "AttrConstraint::Integer(Some(64))",
    "IndexAttr": "AttrConstraint::Index",
}

# Dialect flag attributes the bridge makes and reads with MLIR's C++
# getters: attribute name -> whether it is the overflow one.
ARITH_FLAGS = {"arith.fastmath": False, "arith.overflow": True}

# Integer attributes a builder takes as `i64`: the integer type of each.
INTEGERS = {"I64Attr": "64", "I32Attr": "32", "I16Attr": "16", "I8Attr": "8", "I1Attr": "1", "IndexAttr": "0"}

# Typed builder parameters for common attributes: (Rust type, builder call).
TYPED = {
    "str": ("&str", "string_attribute"),
    "symbol": ("&str", "symbol_attribute"),
    "type": ("Type<'c>", "type_attribute"),
    "i64s": ("&[i64]", "i64_array_attribute"),
}

KEYWORDS = set(
    "as break const continue crate else enum extern false fn for if impl in let loop match mod "
    "move mut pub ref return self Self static struct super trait true type unsafe use where while "
    "async await dyn abstract become box do final macro override priv typeof unsized virtual "
    "yield try gen".split()
)
RESERVED = {"build", "adaptor", "operation", "cast", "definition", "namespace", "operation_name"}


def snake(name):
    s = re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name)
    s = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1_\2", s)
    return s.lower()


def ident(name):
    return f"r#{name}" if name in KEYWORDS else name


def camel(symbol):
    parts = re.split(r"[^A-Za-z0-9]+", symbol)
    out = "".join(p.capitalize() if p.isupper() else p[:1].upper() + p[1:] for p in parts if p)
    if not out or out[0].isdigit():
        out = "V" + out
    return out


def rs_str(s):
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def doc(text, indent=""):
    lines = text.split("\n") if text else []
    return "".join(f"{indent}///{' ' + l if l else ''}\n" for l in lines)


def markdown(text):
    """ODS's description as rustdoc reads it safely: no indented code block
    (rustdoc would test it as Rust), fences without a language marked text."""
    out, fenced = [], False
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith("```"):
            if not fenced and stripped == "```":
                stripped = "```text"
            fenced = not fenced
            out.append(stripped)
        elif fenced:
            out.append(line)
        else:
            out.append(stripped)
    if fenced:
        out.append("```")
    return "\n".join(out)


def clean(text):
    text = textwrap.dedent((text or "").expandtabs(4)).strip("\n")
    return "\n".join(l.rstrip() for l in text.split("\n")).strip()


class Gen:
    def __init__(self, records, module, dialect_def, shared_enums):
        self.d = records
        self.module = module
        self.namespace = records[dialect_def]["name"]
        self.dialect_def = dialect_def
        # (owner module, rust name) -> code, shared by every dialect: an enum
        # lives in the module of its C++ namespace (`math` ops take
        # `arith::FastMathFlags`, as in C++).
        self.shared = shared_enums
        self.ops = []

    def rec(self, name):
        return self.d[name]

    def sc(self, name):
        return self.d[name]["!superclasses"]

    def unwrap_arg(self, name):
        r = self.rec(name)
        while "OpVariable" in r["!superclasses"]:
            name = r["constraint"]["def"]
            r = self.rec(name)
        return name

    def traits(self, op):
        out = []

        def walk(t):
            name = t["def"]
            r = self.rec(name)
            if "TraitList" in r["!superclasses"]:
                for x in r["traits"]:
                    walk(x)
            else:
                out.append((name, r))

        for t in op["traits"]:
            walk(t)
        return out

    # ---- enums -------------------------------------------------------
    def enum_of(self, attr_name):
        """(rust type, storage) of an enum attribute, or None."""
        name = attr_name
        for _ in range(8):
            r = self.rec(name)
            sc = r["!superclasses"]
            if "EnumAttr" in sc and r.get("enum"):
                fmt = (r.get("assemblyFormat") or "").replace(" ", "")
                if fmt != "`<`$value`>`":
                    return None
                return self.enum_info(r["enum"]["def"], ("dialect", r["attrName"]))
            if "EnumAttrInfo" in sc:
                if r.get("storageType", "").strip() not in ("::mlir::IntegerAttr",) and not (
                    r.get("genSpecializedAttr") and "IntEnumAttr" in sc
                ):
                    return None
                return self.enum_info(name, ("integer", int(r["bitwidth"])))
            base = r.get("baseAttr")
            if not base:
                return None
            name = base["def"]
        return None

    def enum_info(self, info_name, storage):
        info = self.rec(info_name)
        rust = info["className"]
        bit = "BitEnumBase" in info["!superclasses"]
        cases = []
        for c in info["enumerants"]:
            cr = self.rec(c["def"])
            cases.append((cr["symbol"], cr["str"], int(cr["value"])))
        owner = info["cppNamespace"].split("::")[-1].lower()
        if owner not in MODULES:
            owner = self.module
        key = (owner, rust)
        if key not in self.shared:
            self.shared[key] = self.enum_code(rust, info, bit, cases, storage)
        path = rust if owner == self.module else f"crate::ops::{owner}::{rust}"
        return path, bit

    def enum_code(self, rust, info, bit, cases, storage):
        summary = clean(info.get("summary")) or rust
        kind, arg = storage
        if kind == "dialect":
            where = f"the attribute `#{arg}<...>`"
        else:
            where = f"an `i{arg}` integer attribute"
        head = doc(
            f"`{info['cppNamespace'].lstrip(':')}::{rust}`: {summary}, held in {where}."
        )
        out = []
        if bit:
            out.append(head)
            out.append("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]\n")
            out.append(f"pub struct {rust}(pub u64);\n\n")
            out.append(f"impl {rust} {{\n")
            seen = set()
            for sym, s, v in cases:
                const = snake(camel(sym)).upper()
                if const in seen:
                    continue
                seen.add(const)
                out.append(f"    /// `{s}`.\n    pub const {const}: Self = Self({v});\n")
            out.append("\n    /// Whether every flag of `other` is set.\n")
            out.append("    pub fn contains(self, other: Self) -> bool {\n        self.0 & other.0 == other.0\n    }\n")
            keywords = ", ".join(f"({rs_str(s)}, {v})" for sym, s, v in cases)
            out.append(f"\n    const KEYWORDS: &'static [(&'static str, u64)] = &[{keywords}];\n")
            out.append("\n    /// The flags as MLIR spells them (`\"nnan,ninf\"`; `\"none\"` when empty).\n")
            out.append("    pub fn keywords(self) -> String {\n")
            out.append("        let bits: Vec<&str> = Self::KEYWORDS\n            .iter()\n")
            out.append("            .filter(|(_, v)| v.count_ones() == 1 && self.0 & v == *v)\n")
            out.append("            .map(|(s, _)| *s)\n            .collect();\n")
            out.append("        if bits.is_empty() {\n")
            out.append("            Self::KEYWORDS.iter().find(|(_, v)| *v == 0).map_or(\"\", |(s, _)| s).to_owned()\n")
            out.append("        } else {\n            bits.join(\",\")\n        }\n    }\n}\n\n")
            out.append(f"#[cfg(test)]\nimpl {rust} {{\n    pub(super) fn test_cases() -> Vec<Self> {{\n")
            out.append("        let mut cases: Vec<Self> = Self::KEYWORDS.iter().map(|(_, v)| Self(*v)).collect();\n")
            out.append("        cases.push(Self(Self::KEYWORDS.iter().fold(0, |a, (_, v)| a | v)));\n        cases\n    }\n}\n\n")
            out.append(f"impl ::core::ops::BitOr for {rust} {{\n    type Output = Self;\n")
            out.append("    fn bitor(self, other: Self) -> Self {\n        Self(self.0 | other.0)\n    }\n}\n\n")
            out.append(f"impl EnumAttribute for {rust} {{\n")
            if kind == "dialect" and arg in ARITH_FLAGS:
                # Made and read by MLIR's C++ getters (no parsing).
                overflow = str(ARITH_FLAGS[arg]).lower()
                out.append("    fn attribute<'c>(self, context: &'c Context) -> Attribute<'c> {\n")
                out.append(f"        arith_flags(context, {overflow}, self.0)\n    }}\n")
                out.append("    fn from_attribute(attribute: Attribute<'_>) -> Option<Self> {\n")
                out.append(f"        arith_flags_value(attribute, {overflow}).map(Self)\n    }}\n}}\n\n")
            elif kind == "dialect":
                out.append("    fn attribute<'c>(self, context: &'c Context) -> Attribute<'c> {\n")
                out.append(f"        dialect_enum(context, {rs_str(arg)}, &self.keywords())\n    }}\n")
                out.append("    fn from_attribute(attribute: Attribute<'_>) -> Option<Self> {\n")
                out.append(f"        let mut bits = 0;\n        for k in dialect_enum_keywords(attribute, {rs_str(arg)})? {{\n")
                out.append("            bits |= Self::KEYWORDS.iter().find(|(s, _)| *s == k)?.1;\n        }\n")
                out.append("        Some(Self(bits))\n    }\n}\n\n")
            else:
                out.append("    fn attribute<'c>(self, context: &'c Context) -> Attribute<'c> {\n")
                out.append(f"        integer_enum(context, {arg}, self.0 as i64)\n    }}\n")
                out.append("    fn from_attribute(attribute: Attribute<'_>) -> Option<Self> {\n")
                out.append("        integer_enum_value(attribute).map(|v| Self(v as u64))\n    }\n}\n\n")
            return "".join(out)
        out.append(head)
        out.append("#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]\n")
        out.append(f"pub enum {rust} {{\n")
        variants = []
        for sym, s, v in cases:
            var = camel(sym)
            if var in [x[0] for x in variants]:
                continue
            variants.append((var, s, v))
            out.append(f"    /// `{s}` ({v}).\n    {var},\n")
        out.append("}\n\n")
        out.append(f"impl {rust} {{\n")
        out.append("    /// Its value in MLIR.\n    pub fn value(self) -> i64 {\n        match self {\n")
        for var, s, v in variants:
            out.append(f"            Self::{var} => {v},\n")
        out.append("        }\n    }\n\n")
        out.append("    /// Its keyword in MLIR's syntax.\n    pub fn keyword(self) -> &'static str {\n        match self {\n")
        for var, s, v in variants:
            out.append(f"            Self::{var} => {rs_str(s)},\n")
        out.append("        }\n    }\n\n")
        out.append("    /// The case of value `value`.\n    pub fn from_value(value: i64) -> Option<Self> {\n        match value {\n")
        for var, s, v in variants:
            out.append(f"            {v} => Some(Self::{var}),\n")
        out.append("            _ => None,\n        }\n    }\n\n")
        out.append("    /// The case of keyword `keyword`.\n    pub fn from_keyword(keyword: &str) -> Option<Self> {\n        match keyword {\n")
        for var, s, v in variants:
            out.append(f"            {rs_str(s)} => Some(Self::{var}),\n")
        out.append("            _ => None,\n        }\n    }\n}\n\n")
        out.append(f"#[cfg(test)]\nimpl {rust} {{\n    pub(super) fn test_cases() -> Vec<Self> {{\n")
        out.append("        vec![" + ", ".join(f"Self::{v}" for v, _, _ in variants) + "]\n    }\n}\n\n")
        out.append(f"impl EnumAttribute for {rust} {{\n")
        if kind == "dialect":
            out.append("    fn attribute<'c>(self, context: &'c Context) -> Attribute<'c> {\n")
            out.append(f"        dialect_enum(context, {rs_str(arg)}, self.keyword())\n    }}\n")
            out.append("    fn from_attribute(attribute: Attribute<'_>) -> Option<Self> {\n")
            out.append(f"        let keywords = dialect_enum_keywords(attribute, {rs_str(arg)})?;\n")
            out.append("        Self::from_keyword(keywords.first()?)\n    }\n}\n\n")
        else:
            out.append("    fn attribute<'c>(self, context: &'c Context) -> Attribute<'c> {\n")
            out.append(f"        integer_enum(context, {arg}, self.value())\n    }}\n")
            out.append("    fn from_attribute(attribute: Attribute<'_>) -> Option<Self> {\n")
            out.append("        Self::from_value(integer_enum_value(attribute)?)\n    }\n}\n\n")
        return "".join(out)

    # ---- ops ---------------------------------------------------------
    def op(self, def_name):
        r = self.rec(def_name)
        struct = def_name.split("_", 1)[1] if "_" in def_name else def_name
        full = f"{self.namespace}.{r['opName']}"
        traits = self.traits(r)
        trait_names = {n for n, _ in traits}
        trait_text = " ".join(str(t.get("trait", "")) for _, t in traits)

        operands, attributes, results, regions, successors = [], [], [], [], []
        properties = []
        args = r["arguments"]["args"]
        n_operands = sum(1 for a, _ in args if "TypeConstraint" in self.sc(self.unwrap_arg(a["def"])))
        for i, (a, name) in enumerate(args):
            base = self.unwrap_arg(a["def"])
            sc = self.sc(base)
            br = self.rec(base)
            if "TypeConstraint" in sc:
                nested = None
                if "VariadicOfVariadic" in sc:
                    arity = "Variadic"
                    nested = br["segmentAttrName"]
                elif "Variadic" in sc:
                    arity = "Variadic"
                elif "Optional" in sc:
                    arity = "Optional"
                else:
                    arity = "Single"
                if name is None:
                    name = "operands" if n_operands == 1 else f"operand_{len(operands)}"
                inner = br.get("baseType", {}) or {}
                inner = inner.get("def") if isinstance(inner, dict) else None
                constraint = TYPES.get(inner if arity != "Single" else base)
                operands.append(dict(index=i, name=name, arity=arity, summary=clean(br.get("summary")), constraint=constraint, nested=nested))
            elif "Attr" in sc:
                optional = "OptionalAttr" in sc or br.get("isOptional") == 1
                default = "DefaultValuedAttr" in sc or "DefaultValuedOptionalAttr" in sc
                root = base
                while self.rec(root).get("baseAttr"):
                    root = self.rec(root)["baseAttr"]["def"]
                enum = self.enum_of(base)
                rsc = self.sc(root)
                if enum:
                    kind = "enum"
                elif root == "UnitAttr":
                    kind = "unit"
                elif root == "FlatSymbolRefAttr":
                    kind = "symbol"
                elif root in ("StrAttr", "SymbolNameAttr"):
                    kind = "str"
                elif "TypeAttrBase" in rsc:
                    kind = "type"
                elif root == "DenseI64ArrayAttr":
                    kind = "i64s"
                elif root in INTEGERS:
                    kind = "int"
                else:
                    kind = "attr"
                attributes.append(
                    dict(
                        index=i,
                        name=name,
                        optional=optional or default,
                        default=default,
                        kind=kind,
                        enum=enum,
                        root=root,
                        summary=clean(br.get("summary")),
                        constraint=ATTRS.get(root),
                    )
                )
            elif "Property" in sc:
                # Properties without an attribute form are out of the C API's
                # reach (`getAttr` does not see them): neither read nor set.
                properties.append(name)
            else:
                raise SystemExit(f"{def_name}: argument {name} of unknown kind {sc}")
        n_results = len(r["results"]["args"])
        for a, name in r["results"]["args"]:
            sc = self.sc(a["def"])
            br = self.rec(a["def"])
            arity = "Variadic" if "Variadic" in sc else "Optional" if "Optional" in sc else "Single"
            if name is None:
                name = ("results" if arity == "Variadic" else "result") if n_results == 1 else f"result_{len(results)}"
            inner = (br.get("baseType") or {}).get("def") if isinstance(br.get("baseType"), dict) else None
            results.append(dict(name=name, arity=arity, summary=clean(br.get("summary")),
                                constraint=TYPES.get(inner if arity != "Single" else a["def"])))
        for a, name in r["regions"]["args"]:
            sc = self.sc(a["def"])
            regions.append(dict(name=name or f"region_{len(regions)}", variadic="VariadicRegion" in sc,
                                sized="SizedRegion" in sc))
        for a, name in r["successors"]["args"]:
            sc = self.sc(a["def"])
            successors.append(dict(name=name or f"successor_{len(successors)}", variadic="VariadicSuccessor" in sc))

        # Rust names, checked for collisions.
        names = set()
        for part in operands + attributes + results + regions + successors:
            rn = snake(part["name"])
            if rn in RESERVED:
                rn += "_"
            if rn in names:
                raise SystemExit(f"{def_name}: two accessors named {rn}")
            names.add(rn)
            part["rust"] = rn

        def layout(parts, segments_trait, same_trait, attr):
            if segments_trait in trait_names:
                return f'Layout::Segments("{attr}")'
            if same_trait in trait_names:
                return "Layout::SameSize"
            return "Layout::Plain"

        operand_layout = layout(operands, "AttrSizedOperandSegments", "SameVariadicOperandSize", "operandSegmentSizes")
        result_layout = layout(results, "AttrSizedResultSegments", "SameVariadicResultSize", "resultSegmentSizes")

        # How the builder finds the result types.
        infer = None
        if results:
            if (
                "SameOperandsAndResultType" in trait_names
                and operands
                and operands[0]["arity"] == "Single"
                and all(p["arity"] == "Single" for p in results)
            ):
                infer = "same"
            elif "InferType" in trait_text:
                infer = "interface"

        self.ops.append(
            dict(def_name=def_name, struct=struct, full=full, name=r["opName"], summary=clean(r.get("summary")),
                 description=clean(r.get("description")), operands=operands, attributes=attributes,
                 results=results, regions=regions, successors=successors,
                 traits=[TRAITS[n] for n, _ in traits if n in TRAITS], operand_layout=operand_layout,
                 result_layout=result_layout, infer=infer, properties=properties,
                 segments=("AttrSizedOperandSegments" in trait_names, "AttrSizedResultSegments" in trait_names))
        )

    def op_code(self, op):
        """The op's entry in its dialect's table: an `op!` invocation (the
        macro, in `runtime/src/ops/macros.rs`, writes the code)."""
        s = op["struct"]
        o = ["op! {\n"]
        summary = op["summary"] or op["name"]
        description = op["description"]
        head = [f"`{op['full']}`: {summary}."]
        if description:
            head.append("")
        tail = []
        if op["properties"]:
            names = ", ".join(f"`{p}`" for p in op["properties"])
            if description:
                tail.append("")
            tail.append(f"Its properties ({names}) are neither read nor set by this handle: "
                        "MLIR's C API does not reach properties; `build` leaves them at their default.")
        for line in head:
            o.append(f"    #[doc = {rs_str(line)}]\n")
        shown = markdown(description)
        if shown == description:
            o.append(f"    [{text_str(description)}]\n")
        else:
            o.append(f"    [{text_str(description)}\n    as {text_str(shown)}]\n")
        for line in tail:
            o.append(f"    #[doc = {rs_str(line)}]\n")
        adaptor = f"{s}Adaptor" if op["operands"] else "none"
        o.append(f"    {s} {adaptor} {rs_str(self.namespace)} {rs_str(op['name'])} {rs_str(self.module)} "
                 f"{rs_str(op['summary'])};\n")

        def tc(p):
            if p["constraint"]:
                return p["constraint"]
            return f"mlir_type({rs_str(p['summary'] or 'any type')})"

        def ac(p):
            if p["constraint"]:
                return p["constraint"]
            return f"mlir_attr({rs_str(p['summary'] or 'any attribute')})"

        def suffix(p):
            return rs_str(f": {p['summary']}" if p["summary"] else "")

        for kind, parts, lay in (("operands", op["operands"], op["operand_layout"]),
                                 ("results", op["results"], op["result_layout"])):
            entries = []
            for i, p in enumerate(parts):
                prev_single = all(q["arity"] == "Single" for q in parts[:i])
                at = p["arity"] == "Single" and prev_single and (len(parts) == 1 or lay == "Layout::Plain")
                entries.append(f"({ident(p['rust'])}, {rs_str(p['name'])}, {p['arity']}, "
                               f"{'at' if at else 'in'} {i}, {suffix(p)}, {tc(p)})")
            o.append(f"    {kind} {lay}; [{listing(entries)}]\n")
        entries = []
        for p in op["attributes"]:
            kind = {"unit": "unit", "enum": f"enumeration {p['enum'][0] if p['enum'] else ''}"}.get(p["kind"], "other")
            entries.append(f"({ident(p['rust'])}, {rs_str(p['name'])}, {kind}, {suffix(p)}, {ac(p)}, "
                           f"{str(p['optional']).lower()})")
        o.append(f"    attributes [{listing(entries)}]\n")
        entries = [f"({ident(p['rust'])}, {rs_str(p['name'])}, {i}, {'Some(1)' if p['sized'] else 'None'}, "
                   f"{str(p['variadic']).lower()})" for i, p in enumerate(op["regions"])]
        o.append(f"    regions [{listing(entries)}]\n")
        entries = [f"({rs_str(p['name'])}, {str(p['variadic']).lower()})" for p in op["successors"]]
        o.append(f"    successors [{', '.join(entries)}]\n")
        o.append(f"    traits [{', '.join(op['traits'])}]\n")
        o.append(self.builder(op))
        o.append("}\n")
        return "".join(o)

    def attribute_param(self, p, rn, params, docs):
        key = rs_str(p["name"])
        if p["kind"] == "unit":
            params.append((rn, "bool", "unit_attribute", [key]))
            return
        if p["kind"] in TYPED or p["kind"] == "int":
            ty, call = TYPED.get(p["kind"], ("i64", "integer_attribute"))
            extra = [key] + ([INTEGERS[p["root"]]] if p["kind"] == "int" else [])
            if p["optional"]:
                params.append((rn, f"Option<{ty}>", f"optional_{call}", extra))
            else:
                params.append((rn, ty, call, extra))
            return
        ty = p["enum"][0] if p["kind"] == "enum" else "Attribute<'c>"
        if p["optional"]:
            call = "enum_attribute" if p["kind"] == "enum" else "optional_attribute"
            params.append((rn, f"Option<{ty}>", call, [key]))
            if p["default"]:
                docs.append(f"- `{p['rust']}`: `None` leaves MLIR's default")
        else:
            params.append((rn, ty, "required_enum_attribute" if p["kind"] == "enum" else "attribute", [key]))

    def builder(self, op):
        """The `build` line of the op's entry: parameter names, whether it
        has `create`, the builder's extra docs, parameters and last calls."""
        params, docs, fin = [], [], []
        loc = "location"
        if any(p["rust"] == "location" for p in op["operands"] + op["attributes"] + op["results"] + op["regions"] + op["successors"]):
            loc = "op_location"
        if op["infer"] is None:
            for p in op["results"]:
                ty = {"Single": "Type<'c>", "Optional": "Option<Type<'c>>", "Variadic": "&[Type<'c>]"}[p["arity"]]
                call = {"Single": "result", "Optional": "optional_result", "Variadic": "results"}[p["arity"]]
                params.append((ident(p["rust"]), ty, call, []))
                docs.append(f"- `{p['rust']}`: the type{'s' if p['arity'] == 'Variadic' else ''} of the result `{p['name']}`")
        # The sizes attribute of a variadic of variadics is set from its
        # groups, not given.
        nested = {p["nested"] for p in op["operands"] if p.get("nested")}
        attributes = [p for p in op["attributes"] if p["name"] not in nested]
        arguments = sorted(op["operands"] + attributes, key=lambda p: p["index"])
        for p in arguments:
            rn = ident(p["rust"])
            if "arity" not in p:
                self.attribute_param(p, rn, params, docs)
                continue
            if p.get("nested"):
                params.append((rn, "&[&[Value<'c, 'v>]]", "nested_operands", [rs_str(p["nested"])]))
                docs.append(f"- `{p['rust']}`: one list of values a group (its sizes go to `{p['nested']}`)")
                continue
            ty = {"Single": "Value<'c, 'v>", "Optional": "Option<Value<'c, 'v>>", "Variadic": "&[Value<'c, 'v>]"}[p["arity"]]
            call = {"Single": "operand", "Optional": "optional_operand", "Variadic": "operands"}[p["arity"]]
            params.append((rn, ty, call, []))
        for p in op["regions"]:
            if p["variadic"]:
                params.append((ident(p["rust"]), "Vec<Region<'c>>", "regions", []))
            else:
                params.append((ident(p["rust"]), "Region<'c>", "region", []))
        for p in op["successors"]:
            if p["variadic"]:
                params.append((ident(p["rust"]), "&[&'v Block<'c>]", "successors", []))
            else:
                params.append((ident(p["rust"]), "&'v Block<'c>", "successor", []))
        if op["infer"] == "same":
            fin.append(f"results_like_operand(0, {len(op['results'])})")
            docs.append("The results take the type of the first operand (`SameOperandsAndResultType`).")
        elif op["infer"] == "interface":
            fin.append("infer_results()")
            docs.append("MLIR infers the result types (the op's `InferTypeOpInterface`).")
        seg_o, seg_r = op["segments"]
        names = {p["rust"] for p in op["operands"] + op["attributes"] + op["results"]}
        builder = "op_builder" if "builder" in names else "builder"
        create = "build_only" if op["regions"] or op["successors"] else "create"
        lines = ([""] + docs) if docs else []
        o = [f"    build({loc}, {builder}, {create}) [{', '.join(rs_str(d_) for d_ in lines)}]\n"]
        entries = [f"{rn}: {ty} = {call}({', '.join(extra)})" for rn, ty, call, extra in params]
        o.append(f"        ({listing(entries, 8)})\n")
        o.append(f"        [{', '.join(fin)}] ({str(seg_o).lower()}, {str(seg_r).lower()})\n")
        return "".join(o)

    @property
    def enums(self):
        return {r: code for (m, r), code in self.shared.items() if m == self.module}

    def render(self, td):
        """The dialect's folder: file name -> text."""
        source = f"`scripts/gen-upstream-ops.py` from MLIR 22's `mlir/Dialect/{td}`"
        files = {}

        def header(what):
            return (
                f"//! {what}, part of `mlir_pass::ops::{self.module}`, generated by\n//! {source}\n"
                "//! (do not edit: rerun the script).\n\n"
                "use super::*;\nuse crate::ops::support::*;\n\n"
            )

        stems = []
        enums = [rustfmt(self.enums[name]) for name in sorted(self.enums)]
        for stem, chunk in pack("enums", enums):
            files[f"{stem}.rs"] = rustfmt(header("Enums") + "\n".join(chunk))
            stems.append(stem)
        entries = [self.op_code(op) for op in self.ops]
        first = 0
        for stem, chunk in pack("ops", entries):
            ops = self.ops[first:first + len(chunk)]
            first += len(chunk)
            what = f"`{ops[0]['full']}` to `{ops[-1]['full']}`" if len(ops) > 1 else f"`{ops[0]['full']}`"
            text = header(f"The ops {what}") + "\n".join(chunk)
            files[f"{stem}.rs"] = rustfmt(text)
            stems.append(stem)
        out = [
            f"//! Typed handles for the `{self.namespace}` dialect's ops, generated by\n",
            f"//! {source}\n",
            "//! (do not edit: rerun the script): each op an entry of the tables in\n",
            "//! `ops*.rs`, which `op!` (`runtime/src/ops/macros.rs`) expands.\n",
            "\n#![allow(missing_docs, dead_code, unused_imports, rustdoc::all, clippy::all)]\n\n",
        ]
        for stem in stems:
            out.append(f"mod {stem};\n")
        out.append("\n")
        for stem in stems:
            out.append(f"pub use {stem}::*;\n")
        out.append("\n#[cfg(test)]\nmod table;\n#[cfg(test)]\npub(super) use table::{enum_round_trip_failures, OPS};\n")
        files["mod.rs"] = rustfmt("".join(out))
        files["table.rs"] = rustfmt(
            f"//! What the runtime's tests check of `mlir_pass::ops::{self.module}` against MLIR,\n"
            f"//! generated by {source}\n//! (do not edit: rerun the script).\n\n"
            "use super::*;\nuse crate::ops::support::*;\n\n" + self.test_tables()
        )
        return files

    def test_tables(self):
        """What the runtime's tests check against MLIR: every op name, whether
        its builder asks MLIR to infer result types, and every enum case."""
        out = ["/// Every op: its name and whether `build` lets MLIR infer its results.\n"]
        out.append("pub(in crate::ops) const OPS: &[(&str, bool)] = &[\n")
        for op in self.ops:
            out.append(f"    ({rs_str(op['full'])}, {str(op['infer'] == 'interface').lower()}),\n")
        out.append("];\n\n")
        out.append("/// The enums whose attribute does not read back as the value it was built from.\n")
        out.append("#[allow(unused_variables, unused_mut)]\npub(in crate::ops) fn enum_round_trip_failures(context: &Context) -> Vec<String> {\n")
        out.append("    let mut failures = Vec::new();\n")
        for name in sorted(self.enums):
            out.append(f"    for case in {name}::test_cases() {{\n")  # owned here
            out.append("        let attribute = case.attribute(context);\n")
            out.append(f"        if {name}::from_attribute(attribute) != Some(case) {{\n")
            out.append("            failures.push(format!(\"{case:?} as {attribute}\"));\n        }\n    }\n")
        out.append("    failures\n}\n")
        return "".join(out)


MODULES = {m for m, _, _ in DIALECTS}


def pack(prefix, texts, limit=450):
    """`texts` in files of at most about `limit` lines, in order: (stem,
    texts) for each (`prefix` alone when one file holds them all)."""
    chunks, lines = [], limit
    for text in texts:
        n = text.count("\n") + 1
        if lines + n > limit:
            chunks.append([])
            lines = 0
        chunks[-1].append(text)
        lines += n
    if len(chunks) == 1:
        return [(prefix, chunks[0])]
    return [(f"{prefix}{i + 1}", chunk) for i, chunk in enumerate(chunks)]


def listing(entries, indent=4):
    """Entries of a table, on one line when there is one, else one a line."""
    if len(entries) <= 1:
        return "".join(entries)
    pad = " " * (indent + 4)
    return "\n" + ",\n".join(pad + e for e in entries) + "\n" + " " * indent


def text_str(s):
    """A string literal that keeps the text's lines as lines."""
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def rustfmt(text):
    return subprocess.run(
        ["rustfmt", "--edition", "2021"], input=text.encode(), check=True, capture_output=True
    ).stdout.decode()


def generate():
    files = {}
    stats = []
    shared = {}
    gens = []
    for module, td, dialect in DIALECTS:
        path = f"{INCLUDE}/mlir/Dialect/{td}"
        t0 = time.time()
        raw = subprocess.run([TBLGEN, "--dump-json", "-I", INCLUDE, path], check=True, capture_output=True).stdout
        records = json.loads(raw)
        g = Gen(records, module, dialect, shared)
        for name in records["!instanceof"]["Op"]:
            r = records[name]
            if r["opDialect"]["def"] != dialect:
                continue
            g.op(name)
        gens.append((g, td, t0))
    for g, td, t0 in gens:
        module = g.module
        for name, text in g.render(td).items():
            files[f"{module}/{name}"] = text
        stats.append((module, len(g.ops), time.time() - t0))
    return files, stats


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--check", action="store_true", help="fail if a generated file is out of date")
    args = ap.parse_args()
    t0 = time.time()
    files, stats = generate()
    stale = []
    for name, text in files.items():
        path = os.path.join(OUT, name)
        old = open(path).read() if os.path.exists(path) else None
        if old != text:
            stale.append(name)
            if not args.check:
                os.makedirs(os.path.dirname(path), exist_ok=True)
                with open(path, "w") as f:
                    f.write(text)
    # Files the generator no longer makes: a dialect's former single file,
    # or an op or enum that MLIR dropped.
    for module, _, _ in DIALECTS:
        extra = [f"{module}.rs"] if os.path.exists(os.path.join(OUT, f"{module}.rs")) else []
        folder = os.path.join(OUT, module)
        if os.path.isdir(folder):
            extra += [f"{module}/{n}" for n in sorted(os.listdir(folder)) if f"{module}/{n}" not in files]
        for name in extra:
            stale.append(name + " (no longer generated)")
            if not args.check:
                os.remove(os.path.join(OUT, name))
    long = [f"{n} ({t.count(chr(10))} lines)" for n, t in files.items() if t.count("\n") > 500]
    if long:
        print("over 500 lines: " + ", ".join(long), file=sys.stderr)
    total = sum(n for _, n, _ in stats)
    print(f"{total} ops in {len(stats)} dialects, {time.time() - t0:.2f} s: "
          + ", ".join(f"{m} {n}" for m, n, _ in stats), file=sys.stderr)
    if args.check and stale:
        print("out of date (rerun scripts/gen-upstream-ops.py): " + ", ".join(stale), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
