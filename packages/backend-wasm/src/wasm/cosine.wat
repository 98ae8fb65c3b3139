;; Float32 cosine kernels for the wasm backend (WebAssembly SIMD, 128-bit; no relaxed-simd, which
;; Node 20 does not enable).
;;
;; Layout (all byte addresses into the shared memory the host and every worker thread see):
;;   raw rows: row-major float32, `dim` floats per row, as the caller gave them (staged by the host)
;;   panels:   `pack` writes rows in panels of `width` rows (4 for queries / a, 8 for the corpus / b),
;;             k-major inside a panel: value k of the panel's row r at float (k * width + r); a panel
;;             of rows r0.. starts at float r0 * dim, rows past the end are zero
;;   gemm():   na a multiple of 4, nb a multiple of 8 (the padded rows of the panels)
;; Build: `npm run build:wasm -w @tensoreval/backend-wasm` (wabt's wat2wasm); a test checks that the
;; committed bytes (cosine-wasm.ts) are what this file compiles to.
(module
  (import "env" "mem" (memory 1 65536 shared))

  ;; Writes `rows` raw rows at $src into panels of `width` rows at $dst (zero rows up to a whole
  ;; panel). With $normalise each row is scaled to unit length exactly as the host's
  ;; normalizedRowsF32 does it: float64 sum of squares in index order, x * (1 / sqrt(sum)) rounded to
  ;; float32, an all-zero row stays zero. Runs in the worker threads, a range of rows per job.
  (func (export "pack") (param $src i32) (param $rows i32) (param $dim i32) (param $dst i32) (param $width i32)
                        (param $normalise i32)
    (local $r i32) (local $p i32) (local $pe i32) (local $q i32) (local $e i32) (local $stride i32) (local $padded i32)
    (local $s f64) (local $x f64) (local $inv f64)
    (local.set $stride (i32.shl (local.get $width) (i32.const 2)))
    (local.set $padded (i32.mul (i32.div_u (i32.add (local.get $rows) (i32.sub (local.get $width) (i32.const 1))) (local.get $width)) (local.get $width)))
    (block $rdone (loop $rloop
      (br_if $rdone (i32.ge_u (local.get $r) (local.get $padded)))
      ;; q walks row r's lane of its panel: panel r / width, lane r % width, a stride of width floats
      (local.set $q (i32.add (local.get $dst) (i32.shl (i32.add
        (i32.mul (i32.mul (i32.div_u (local.get $r) (local.get $width)) (local.get $dim)) (local.get $width))
        (i32.rem_u (local.get $r) (local.get $width))) (i32.const 2))))
      (local.set $e (i32.add (local.get $q) (i32.mul (local.get $dim) (local.get $stride))))
      (if (i32.lt_u (local.get $r) (local.get $rows))
        (then
          (local.set $p (i32.add (local.get $src) (i32.shl (i32.mul (local.get $r) (local.get $dim)) (i32.const 2))))
          (local.set $pe (i32.add (local.get $p) (i32.shl (local.get $dim) (i32.const 2))))
          (local.set $inv (f64.const 1))
          (if (local.get $normalise)
            (then
              (local.set $s (f64.const 0))
              (block $sdone (loop $sloop
                (br_if $sdone (i32.ge_u (local.get $p) (local.get $pe)))
                (local.set $x (f64.promote_f32 (f32.load (local.get $p))))
                (local.set $s (f64.add (local.get $s) (f64.mul (local.get $x) (local.get $x))))
                (local.set $p (i32.add (local.get $p) (i32.const 4)))
                (br $sloop)))
              (local.set $inv (select (f64.div (f64.const 1) (f64.sqrt (local.get $s))) (f64.const 0) (f64.gt (local.get $s) (f64.const 0))))
              (local.set $p (i32.add (local.get $src) (i32.shl (i32.mul (local.get $r) (local.get $dim)) (i32.const 2))))))
          (block $wdone (loop $wloop
            (br_if $wdone (i32.ge_u (local.get $q) (local.get $e)))
            (f32.store (local.get $q) (f32.demote_f64 (f64.mul (f64.promote_f32 (f32.load (local.get $p))) (local.get $inv))))
            (local.set $p (i32.add (local.get $p) (i32.const 4)))
            (local.set $q (i32.add (local.get $q) (local.get $stride)))
            (br $wloop))))
        (else
          (block $zdone (loop $zloop
            (br_if $zdone (i32.ge_u (local.get $q) (local.get $e)))
            (f32.store (local.get $q) (f32.const 0))
            (local.set $q (i32.add (local.get $q) (local.get $stride)))
            (br $zloop)))))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $rloop))))

  ;; out[i * ldo + j] = dot(a_i, b_j) for i < na, j < nb, from a in panels of 4 rows and b in
  ;; panels of 8. Register block 4 × 8: per k, one b vector pair (8 columns) and four broadcast
  ;; values of a feed eight float32x4 accumulators whose lanes run along the output columns, so
  ;; no horizontal sums are needed. Not unrolled: V8 issues a loop body's loads before its
  ;; arithmetic, and the 6 loaded vectors + 8 accumulators already use 14 of the 16 xmm registers
  ;; (an unrolled or 5- or 6-row body spilled and ran slower). The b panel (8 × dim floats) stays in
  ;; L1 while every panel of a's block passes over it; callers keep a's block L2-sized.
  (func (export "gemm") (param $pa i32) (param $na i32) (param $pb i32) (param $nb i32) (param $dim i32)
                        (param $out i32) (param $ldo i32)
    (local $i i32) (local $j i32) (local $a i32) (local $b i32) (local $pbj i32) (local $end i32)
    (local $po i32) (local $row i32)
    (local $b0 v128) (local $b1 v128) (local $s v128)
    (local $c00 v128) (local $c01 v128) (local $c10 v128) (local $c11 v128)
    (local $c20 v128) (local $c21 v128) (local $c30 v128) (local $c31 v128)
    (local.set $row (i32.shl (local.get $ldo) (i32.const 2)))
    (block $jdone (loop $jloop
      (br_if $jdone (i32.ge_u (local.get $j) (local.get $nb)))
      (local.set $pbj (i32.add (local.get $pb) (i32.shl (i32.mul (local.get $j) (local.get $dim)) (i32.const 2))))
      (local.set $i (i32.const 0))
      (block $idone (loop $iloop
        (br_if $idone (i32.ge_u (local.get $i) (local.get $na)))
        (local.set $a (i32.add (local.get $pa) (i32.shl (i32.mul (local.get $i) (local.get $dim)) (i32.const 2))))
        (local.set $end (i32.add (local.get $a) (i32.shl (local.get $dim) (i32.const 4))))
        (local.set $b (local.get $pbj))
        (local.set $c00 (v128.const i32x4 0 0 0 0)) (local.set $c01 (v128.const i32x4 0 0 0 0))
        (local.set $c10 (v128.const i32x4 0 0 0 0)) (local.set $c11 (v128.const i32x4 0 0 0 0))
        (local.set $c20 (v128.const i32x4 0 0 0 0)) (local.set $c21 (v128.const i32x4 0 0 0 0))
        (local.set $c30 (v128.const i32x4 0 0 0 0)) (local.set $c31 (v128.const i32x4 0 0 0 0))
        (block $kdone (loop $kloop
          (br_if $kdone (i32.ge_u (local.get $a) (local.get $end)))
          (local.set $b0 (v128.load (local.get $b)))
          (local.set $b1 (v128.load offset=16 (local.get $b)))
          (local.set $s (v128.load32_splat (local.get $a)))
          (local.set $c00 (f32x4.add (local.get $c00) (f32x4.mul (local.get $s) (local.get $b0))))
          (local.set $c01 (f32x4.add (local.get $c01) (f32x4.mul (local.get $s) (local.get $b1))))
          (local.set $s (v128.load32_splat offset=4 (local.get $a)))
          (local.set $c10 (f32x4.add (local.get $c10) (f32x4.mul (local.get $s) (local.get $b0))))
          (local.set $c11 (f32x4.add (local.get $c11) (f32x4.mul (local.get $s) (local.get $b1))))
          (local.set $s (v128.load32_splat offset=8 (local.get $a)))
          (local.set $c20 (f32x4.add (local.get $c20) (f32x4.mul (local.get $s) (local.get $b0))))
          (local.set $c21 (f32x4.add (local.get $c21) (f32x4.mul (local.get $s) (local.get $b1))))
          (local.set $s (v128.load32_splat offset=12 (local.get $a)))
          (local.set $c30 (f32x4.add (local.get $c30) (f32x4.mul (local.get $s) (local.get $b0))))
          (local.set $c31 (f32x4.add (local.get $c31) (f32x4.mul (local.get $s) (local.get $b1))))
          (local.set $a (i32.add (local.get $a) (i32.const 16)))
          (local.set $b (i32.add (local.get $b) (i32.const 32)))
          (br $kloop)))
        (local.set $po (i32.add (local.get $out)
          (i32.shl (i32.add (i32.mul (local.get $i) (local.get $ldo)) (local.get $j)) (i32.const 2))))
        (v128.store (local.get $po) (local.get $c00))
        (v128.store offset=16 (local.get $po) (local.get $c01))
        (local.set $po (i32.add (local.get $po) (local.get $row)))
        (v128.store (local.get $po) (local.get $c10))
        (v128.store offset=16 (local.get $po) (local.get $c11))
        (local.set $po (i32.add (local.get $po) (local.get $row)))
        (v128.store (local.get $po) (local.get $c20))
        (v128.store offset=16 (local.get $po) (local.get $c21))
        (local.set $po (i32.add (local.get $po) (local.get $row)))
        (v128.store (local.get $po) (local.get $c30))
        (v128.store offset=16 (local.get $po) (local.get $c31))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $iloop)))
      (local.set $j (i32.add (local.get $j) (i32.const 8)))
      (br $jloop))))

  ;; (ka, ia) ranks below (kb, ib): a smaller score, or the same score at a higher corpus index.
  (func $worse (param $ka f32) (param $ia i32) (param $kb f32) (param $ib i32) (result i32)
    (i32.or (f32.lt (local.get $ka) (local.get $kb))
            (i32.and (f32.eq (local.get $ka) (local.get $kb)) (i32.gt_s (local.get $ia) (local.get $ib)))))

  ;; Restores a heap of `size` entries (worst on top; float32 keys at $keys, indices at $idx) below
  ;; position 0 after its root was replaced.
  (func $siftRoot (param $keys i32) (param $idx i32) (param $size i32)
    (local $p i32) (local $child i32) (local $key f32) (local $id i32)
    (local $ck f32) (local $ci i32) (local $k2 f32) (local $i2 i32)
    (local.set $key (f32.load (local.get $keys)))
    (local.set $id (i32.load (local.get $idx)))
    (block $done (loop $down
      (local.set $child (i32.add (i32.shl (local.get $p) (i32.const 1)) (i32.const 1)))
      (br_if $done (i32.ge_s (local.get $child) (local.get $size)))
      (local.set $ck (f32.load (i32.add (local.get $keys) (i32.shl (local.get $child) (i32.const 2)))))
      (local.set $ci (i32.load (i32.add (local.get $idx) (i32.shl (local.get $child) (i32.const 2)))))
      (if (i32.lt_s (i32.add (local.get $child) (i32.const 1)) (local.get $size))
        (then
          (local.set $k2 (f32.load offset=4 (i32.add (local.get $keys) (i32.shl (local.get $child) (i32.const 2)))))
          (local.set $i2 (i32.load offset=4 (i32.add (local.get $idx) (i32.shl (local.get $child) (i32.const 2)))))
          (if (call $worse (local.get $k2) (local.get $i2) (local.get $ck) (local.get $ci))
            (then
              (local.set $child (i32.add (local.get $child) (i32.const 1)))
              (local.set $ck (local.get $k2))
              (local.set $ci (local.get $i2))))))
      (br_if $done (i32.eqz (call $worse (local.get $ck) (local.get $ci) (local.get $key) (local.get $id))))
      (f32.store (i32.add (local.get $keys) (i32.shl (local.get $p) (i32.const 2))) (local.get $ck))
      (i32.store (i32.add (local.get $idx) (i32.shl (local.get $p) (i32.const 2))) (local.get $ci))
      (local.set $p (local.get $child))
      (br $down)))
    (f32.store (i32.add (local.get $keys) (i32.shl (local.get $p) (i32.const 2))) (local.get $key))
    (i32.store (i32.add (local.get $idx) (i32.shl (local.get $p) (i32.const 2))) (local.get $id)))

  ;; Offers score s at corpus index c to a heap whose root (worst kept entry) is replaced when s is
  ;; larger; corpus columns arrive in increasing order, so an equal score never displaces the root.
  (func $offer (param $keys i32) (param $idx i32) (param $k i32) (param $s f32) (param $c i32)
    (if (f32.gt (local.get $s) (f32.load (local.get $keys)))
      (then
        (f32.store (local.get $keys) (local.get $s))
        (i32.store (local.get $idx) (local.get $c))
        (call $siftRoot (local.get $keys) (local.get $idx) (local.get $k)))))

  ;; Merges a rows × cols tile of scores (row stride ldt floats; column c is corpus index col0 + c)
  ;; into per-row heaps of k entries (row r's heap at keys + 4kr, idx + 4kr). Four scores at a time
  ;; are compared with the row's worst kept score, so most of a tile is skipped with one test.
  (func (export "select") (param $tile i32) (param $rows i32) (param $ldt i32) (param $cols i32) (param $col0 i32)
                          (param $keys i32) (param $idx i32) (param $k i32)
    (local $r i32) (local $row i32) (local $hk i32) (local $hi i32) (local $c i32) (local $c4 i32) (local $end i32)
    (local.set $c4 (i32.and (local.get $cols) (i32.const -4)))
    (block $rdone (loop $rloop
      (br_if $rdone (i32.ge_u (local.get $r) (local.get $rows)))
      (local.set $row (i32.add (local.get $tile) (i32.shl (i32.mul (local.get $r) (local.get $ldt)) (i32.const 2))))
      (local.set $hk (i32.add (local.get $keys) (i32.shl (i32.mul (local.get $r) (local.get $k)) (i32.const 2))))
      (local.set $hi (i32.add (local.get $idx) (i32.shl (i32.mul (local.get $r) (local.get $k)) (i32.const 2))))
      (local.set $c (i32.const 0))
      (block $vdone (loop $vloop
        (br_if $vdone (i32.ge_u (local.get $c) (local.get $c4)))
        (if (v128.any_true (f32x4.gt
              (v128.load (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))
              (f32x4.splat (f32.load (local.get $hk)))))
          (then
            (local.set $end (i32.add (local.get $c) (i32.const 4)))
            (loop $each
              (call $offer (local.get $hk) (local.get $hi) (local.get $k)
                (f32.load (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))
                (i32.add (local.get $col0) (local.get $c)))
              (local.set $c (i32.add (local.get $c) (i32.const 1)))
              (br_if $each (i32.lt_u (local.get $c) (local.get $end)))))
          (else (local.set $c (i32.add (local.get $c) (i32.const 4)))))
        (br $vloop)))
      (block $sdone (loop $sloop
        (br_if $sdone (i32.ge_u (local.get $c) (local.get $cols)))
        (call $offer (local.get $hk) (local.get $hi) (local.get $k)
          (f32.load (i32.add (local.get $row) (i32.shl (local.get $c) (i32.const 2))))
          (i32.add (local.get $col0) (local.get $c)))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br $sloop)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $rloop))))

  ;; Empties each row's heap best first into outIdx/outVal (rows × k, row-major).
  (func (export "finish") (param $keys i32) (param $idx i32) (param $rows i32) (param $k i32)
                          (param $outIdx i32) (param $outVal i32)
    (local $r i32) (local $hk i32) (local $hi i32) (local $size i32) (local $o i32) (local $last i32)
    (block $rdone (loop $rloop
      (br_if $rdone (i32.ge_u (local.get $r) (local.get $rows)))
      (local.set $hk (i32.add (local.get $keys) (i32.shl (i32.mul (local.get $r) (local.get $k)) (i32.const 2))))
      (local.set $hi (i32.add (local.get $idx) (i32.shl (i32.mul (local.get $r) (local.get $k)) (i32.const 2))))
      (local.set $size (local.get $k))
      (block $pdone (loop $pop
        (br_if $pdone (i32.eqz (local.get $size)))
        ;; the worst remaining entry goes to the back of the row's output
        (local.set $o (i32.shl (i32.sub (i32.add (i32.mul (local.get $r) (local.get $k)) (local.get $size)) (i32.const 1)) (i32.const 2)))
        (i32.store (i32.add (local.get $outIdx) (local.get $o)) (i32.load (local.get $hi)))
        (f32.store (i32.add (local.get $outVal) (local.get $o)) (f32.load (local.get $hk)))
        (local.set $size (i32.sub (local.get $size) (i32.const 1)))
        (local.set $last (i32.shl (local.get $size) (i32.const 2)))
        (f32.store (local.get $hk) (f32.load (i32.add (local.get $hk) (local.get $last))))
        (i32.store (local.get $hi) (i32.load (i32.add (local.get $hi) (local.get $last))))
        (call $siftRoot (local.get $hk) (local.get $hi) (local.get $size))
        (br $pop)))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br $rloop))))
)
