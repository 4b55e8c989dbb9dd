//! What the tool tests share.

pub mod lsp;
