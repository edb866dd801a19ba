// A rowforge test helper, compiled against the ORC tools jar and run with it on the class path:
// one JVM answering many requests (test/support/reader-process.ts: a request is a line of
// tab-separated arguments; the answer `ok|error <bytes>` and the output). A request is
//   seek ROW,ROW,... FILE...
//     reads each file front to back, then seeks to each ROW (through the row index) and
//     prints whether the row read there equals the row read in sequence;
//   between COLUMN LOW HIGH FILE...
//     reads with a "COLUMN between LOW and HIGH" search argument and prints how many rows the
//     row-group statistics let through;
//   anything else: the ORC tools' own command line (`meta -j FILE`, `data FILE`, ...).
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.orc.storage.ql.exec.vector.ColumnVector;
import org.apache.orc.storage.ql.exec.vector.VectorizedRowBatch;
import org.apache.orc.storage.ql.io.sarg.PredicateLeaf;
import org.apache.orc.storage.ql.io.sarg.SearchArgument;
import org.apache.orc.storage.ql.io.sarg.SearchArgumentFactory;
import org.apache.orc.OrcFile;
import org.apache.orc.Reader;
import org.apache.orc.RecordReader;
import org.apache.orc.TypeDescription;

class OrcJavaReader {
  public static void main(String[] ignored) throws Exception {
    OutputStream answers = new FileOutputStream(FileDescriptor.out);
    BufferedReader requests = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = requests.readLine()) != null; ) {
      ByteArrayOutputStream captured = new ByteArrayOutputStream();
      PrintStream out = new PrintStream(captured, true, StandardCharsets.UTF_8);
      String status = "ok";
      System.setOut(out);
      try {
        run(line.split("\t", -1));
      } catch (Throwable e) {
        status = "error";
        StringWriter trace = new StringWriter();
        e.printStackTrace(new PrintWriter(trace));
        out.print(line + ": " + trace);
      }
      out.flush();
      byte[] bytes = captured.toByteArray();
      answers.write((status + " " + bytes.length + "\n").getBytes(StandardCharsets.US_ASCII));
      answers.write(bytes);
      answers.flush();
    }
  }

  static void run(String[] args) throws Exception {
    boolean seek = args[0].equals("seek");
    if (!seek && !args[0].equals("between")) {
      org.apache.orc.tools.Driver.main(args);
      return;
    }
    for (int f = seek ? 2 : 4; f < args.length; f++) {
      Reader reader = OrcFile.createReader(new Path(args[f]), OrcFile.readerOptions(new Configuration()));
      System.out.println(args[f] + ": " + (seek ? seek(reader, args[1].split(",")) : between(reader, args)));
    }
  }

  static String seek(Reader reader, String[] targets) throws Exception {
    TypeDescription schema = reader.getSchema();
    List<String> all = new ArrayList<>();
    try (RecordReader rows = reader.rows()) {
      VectorizedRowBatch batch = schema.createRowBatch(777);
      while (rows.nextBatch(batch)) {
        for (int r = 0; r < batch.size; r++) all.add(render(batch, r));
      }
    }
    int mismatches = 0;
    StringBuilder report = new StringBuilder();
    for (String target : targets) {
      int row = Integer.parseInt(target);
      try (RecordReader rows = reader.rows()) {
        rows.seekToRow(row);
        VectorizedRowBatch batch = schema.createRowBatch(1);
        rows.nextBatch(batch);
        String got = batch.size == 1 ? render(batch, 0) : "<no row>";
        if (!got.equals(all.get(row))) {
          mismatches++;
          report.append("\n  row ").append(row).append(": ").append(got).append(" <> ").append(all.get(row));
        }
      }
    }
    return "rows " + all.size() + " checked " + targets.length + " mismatches " + mismatches + report;
  }

  static String between(Reader reader, String[] args) throws Exception {
    SearchArgument sarg = SearchArgumentFactory.newBuilder()
        .between(args[1], PredicateLeaf.Type.LONG, Long.parseLong(args[2]), Long.parseLong(args[3]))
        .build();
    long count = 0;
    try (RecordReader rows = reader.rows(reader.options().searchArgument(sarg, new String[] {args[1]}))) {
      VectorizedRowBatch batch = reader.getSchema().createRowBatch(1000);
      while (rows.nextBatch(batch)) count += batch.size;
    }
    return "selected " + count;
  }

  static String render(VectorizedRowBatch batch, int row) {
    StringBuilder sb = new StringBuilder();
    for (ColumnVector c : batch.cols) {
      c.stringifyValue(sb, row);
      sb.append(" | ");
    }
    return sb.toString();
  }
}
