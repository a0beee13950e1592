// Examples of spec/type-system.md written in the typed IR. Producers written `...` in the
// spec are function arguments here.

handshake.func @adder(%a: channel<i32>, %b: channel<i32>, %start: control) -> channel<i32>  {
    %add_result = handshake.addi %a, %b : channel<i32>
    %ret = handshake.return %add_result : channel<i32>
    handshake.end %ret : channel<i32>
}

// -----

// Breaking down a simple 32-bit dataflow channel into its control and data, then rebundling.
handshake.func @rebundle(%channel: channel<i32>) -> channel<i32> {
  %control, %data = handshake.unbundle %channel : control, i32
  %channelAgain = handshake.bundle %control, %data : channel<i32>
  handshake.end %channelAgain : channel<i32>
}

// -----

// The channel types of the "Extra signal handling" section.
handshake.func @channelTypes(%basic: channel<i32>, %spec: channel<i32, [i1]>,
                             %tags: channel<i32, [tag1: i2, tag2: i4]>,
                             %up: channel<i32, [otherReady: (U) i1]>) {
  handshake.sink %basic : channel<i32>
  handshake.sink %spec : channel<i32, [i1]>
  handshake.sink %tags : channel<i32, [tag1: i2, tag2: i4]>
  handshake.sink %up : channel<i32, [otherReady: (U) i1]>
  handshake.end
}

// -----

// Multiple thread tags: unbundle into the control token and every signal, then bundle back.
handshake.func @threadTags(%channel: channel<i32, [tag1: i2, tag2: i4]>) -> channel<i32, [tag1: i2, tag2: i4]> {
  %control, %data, %tag1, %tag2 = handshake.unbundle %channel : control, i32, i2, i4
  %bundled = handshake.bundle %control, %data [%tag1, %tag2] : channel<i32, [tag1: i2, tag2: i4]>
  handshake.end %bundled : channel<i32, [tag1: i2, tag2: i4]>
}

// -----

// An upstream extra signal is an operand of unbundle and a result of bundle.
handshake.func @upstreamExtra(%channel: channel<i32, [otherReady: (U) i1]>) -> channel<i32, [otherReady: (U) i1]> {
  %control, %data = handshake.unbundle %channel, %otherReady : control, i32
  %bundled, %otherReady = handshake.bundle %control, %data : channel<i32, [otherReady: (U) i1]>
  handshake.end %bundled : channel<i32, [otherReady: (U) i1]>
}

// -----

// Control-typed values unbundle into their valid wire, taking the ready wire.
handshake.func @controlSignals(%control: control) -> control {
  %valid = handshake.unbundle %control, %ready : i1
  %controlAgain, %ready = handshake.bundle %valid : control, i1
  handshake.end %controlAgain : control
}

// -----

// Type checking: the valid addition.
handshake.func @validAdd(%addOprd1: channel<i32>, %addOprd2: channel<i32>) -> channel<i32> {
  %addResult = handshake.addi %addOprd1, %addOprd2 : channel<i32>
  handshake.end %addResult : channel<i32>
}

// -----

// IR complexity: merges and branches with the proposed types.
handshake.func @mergeAndMux(%mergeOprd1: control, %mergeOprd2: control,
                            %muxOprd1: channel<i32>, %muxOprd2: channel<i32>) -> (control, channel<i32>) {
  %mergeResult, %index = handshake.control_merge %mergeOprd1, %mergeOprd2 : control, channel<i1>
  %muxResult = handshake.mux %index [%muxOprd1, %muxOprd2] : channel<i1>, channel<i32>
  handshake.end %mergeResult, %muxResult : control, channel<i32>
}

// -----

// No extra operations when extra signals are present.
handshake.func @mergeAndMuxExtras(%mergeOprd1: control, %mergeOprd2: control,
                                  %muxOprd1: channel<i32, [i2, i4]>,
                                  %muxOprd2: channel<i32, [i2, i4]>) -> (control, channel<i32, [i2, i4]>) {
  %mergeResult, %index = handshake.control_merge %mergeOprd1, %mergeOprd2 : control, channel<i1>
  %muxResult = handshake.mux %index [%muxOprd1, %muxOprd2] : channel<i1>, channel<i32, [i2, i4]>
  handshake.end %mergeResult, %muxResult : control, channel<i32, [i2, i4]>
}

// -----

// Signal composition around a mux.
handshake.func @composeMux(%index: channel<i1>, %muxOprd1: channel<i32, [i2, i4]>,
                           %muxOprd2: channel<i32, [i2, i4]>) -> channel<i32, [i2, i4]> {
  %muxComposedOprd1 = handshake.compose %muxOprd1 : channel<i32, [i2, i4]> -> channel<i38>
  %muxComposedOprd2 = handshake.compose %muxOprd2 : channel<i32, [i2, i4]> -> channel<i38>
  %muxComposedResult = handshake.mux %index [%muxComposedOprd1, %muxComposedOprd2] : channel<i1>, channel<i38>
  %muxResult = handshake.decompose %muxComposedResult : channel<i38> -> channel<i32, [i2, i4]>
  handshake.end %muxResult : channel<i32, [i2, i4]>
}

// -----

// Composing the extra signals of each direction around an adder.
handshake.func @composeAdd(%addOprd1: channel<i32, [i2, i4, (U) i4, (U) i8]>,
                           %addOprd2: channel<i32, [i2, i4, (U) i4, (U) i8]>)
                           -> channel<i32, [i2, i4, (U) i4, (U) i8]> {
  %addComposedOprd1 = handshake.compose %addOprd1 : channel<i32, [i2, i4, (U) i4, (U) i8]>
                                                    -> channel<i32, [i6, (U) i12]>
  %addComposedOprd2 = handshake.compose %addOprd2 : channel<i32, [i2, i4, (U) i4, (U) i8]>
                                                    -> channel<i32, [i6, (U) i12]>
  %addComposedResult = handshake.addi %addComposedOprd2, %addComposedOprd2 : channel<i32, [i6, (U) i12]>
  %addResult = handshake.decompose %addComposedResult : channel<i32, [i6, (U) i12]>
                                                        -> channel<i32, [i2, i4, (U) i4, (U) i8]>
  handshake.sink %addComposedOprd1 : channel<i32, [i6, (U) i12]>
  handshake.end %addResult : channel<i32, [i2, i4, (U) i4, (U) i8]>
}
