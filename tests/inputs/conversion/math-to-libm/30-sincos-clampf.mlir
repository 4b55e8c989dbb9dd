// math.sincos (two results) and math.clampf have no libm pattern: conversion fails (error case).
// PIPELINE: builtin.module(convert-math-to-libm)
func.func @sc(%x: f32) -> (f32, f32) {
  %s, %c = math.sincos %x : f32
  return %s, %c : f32, f32
}
